import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { revokedSessions, users } from '../db/schema/index.js';

// The session check of every signed-in request (plugins/auth.ts): the account and whether the
// session was logged out, one request at a time or a batch of them in one query.

// What a request's actor is made of; the single and the batched session checks read the same.
const accountColumns = {
  id: users.id,
  email: users.email,
  roles: users.roles,
  currentGcId: users.currentGcId,
  locale: users.locale,
  tokenVersion: users.tokenVersion,
};

export const sessionActorQuery = (db: Db) =>
  preparedQuery(db, 'session_actor', (d, name) =>
    d
      .select({
        ...accountColumns,
        isRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sql.placeholder('sid')})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('sub')))
      .limit(1)
      .prepare(name),
  );

export const sessionActorsQuery = (db: Db) =>
  preparedQuery(db, 'session_actors', (d, name) =>
    d
      .select({
        key: sql<string>`x.key`,
        ...accountColumns,
        isRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = x.sid)`,
      })
      .from(
        sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('subs')}::integer[], ${sql.placeholder('sids')}::text[]) AS x (key, sub, sid)`,
      )
      .innerJoin(users, eq(users.id, sql`x.sub`))
      .prepare(name),
  );
