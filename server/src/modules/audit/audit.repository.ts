import type { AuditAction } from '@chartroom/contracts/licensing';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { Actor } from '../../plugins/auth.js';

export interface AuditInput {
  actor: Pick<Actor, 'id' | 'email'> | null;
  action: AuditAction;
  geocontentId: number | null;
  subject: Record<string, unknown>;
  ip: string | null;
}

/**
 * The advisory lock that puts audited transactions in one line (any constant key of our own). A
 * statement that writes its own audit row takes it the same way, before the row's id is drawn.
 */
export const AUDIT_LOCK_KEY = 0x4155_4454;

/** The audit line's lock, as a statement's part: `WITH serial AS (${auditLockSql()})`, read before the row is made. */
export function auditLockSql(): SQL {
  return sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`;
}

/** The columns of an audit row as SQL values, for a statement that writes its own (`auditRowInsertSql`). */
export interface AuditRowSql {
  actorUserId: SQL;
  action: string;
  geocontentId: SQL;
  /** A jsonb value; the actor's e-mail is in it when there is an actor (`recordAudit` adds it). */
  subject: SQL;
  ip: string | null;
}

/**
 * The audit row's INSERT, as a statement's part: one row for each row of `from`, which must have
 * read the audit lock (`auditLockSql`) first, so the row's id and time are drawn inside the line.
 */
export function auditRowInsertSql(row: AuditRowSql, from: SQL): SQL {
  return sql`INSERT INTO ${auditLog} (created_at, actor_user_id, action, geocontent_id, subject, ip)
    SELECT clock_timestamp(), ${row.actorUserId}, ${row.action}::text, ${row.geocontentId}, ${row.subject}, ${row.ip}::text
      FROM ${from}`;
}

/**
 * Writes one audit entry, in the caller's transaction so it exists exactly when the action does.
 * The entry takes a transaction-level advisory lock before its id is drawn, so a second audited
 * transaction waits here until the first commits: ids (and times) follow commit order, also with
 * concurrent writers on PostgreSQL. Call it as the transaction's last step, so the wait is short.
 */
export async function recordAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  const subject = { ...entry.subject, ...(entry.actor ? { actorEmail: entry.actor.email } : {}) };
  // One statement: the lock is taken (the CTE is read) before the row, its id and its time are made.
  await db.execute(sql`
    WITH serial AS (${auditLockSql()})
    ${auditRowInsertSql(
      {
        actorUserId: sql`${entry.actor?.id ?? null}::integer`,
        action: entry.action,
        geocontentId: sql`${entry.geocontentId}::integer`,
        subject: sql`${JSON.stringify(subject)}::jsonb`,
        ip: entry.ip,
      },
      sql`serial`,
    )}`);
}

export async function listAuditForGeocontent(db: DbOrTx, gcId: number, limit: number) {
  return db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.geocontentId, gcId))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
