import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';

const perDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database and kept as a named prepared statement: the hottest reads (the
 * signed-in account, a user's licences, a device's token) skip building their SQL on every request,
 * and PostgreSQL plans them once per connection instead of parsing them each time.
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = perDatabase.get(db);
  if (!queries) perDatabase.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db, name);
    queries.set(name, query);
  }
  return query;
}

const dialect = new PgDialect();

/**
 * Runs a statement built with `sql` as a named prepared statement on PostgreSQL, so each pooled
 * connection parses and plans it once (for a large statement planning costs as much as running
 * it); on PGlite as usual. `name` must stand for one text: name each shape of the statement.
 */
export async function executeNamed(db: Db, name: string, statement: SQL): Promise<{ rows: unknown[] }> {
  // Drizzle keeps the driver it was given as `$client` (its documented way to reach the driver).
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    return client.query({ name, text: query.sql, values: query.params });
  }
  return (await db.execute(statement)) as unknown as { rows: unknown[] };
}

/** Whether a query failed on the named unique index (PostgreSQL 23505), also when Drizzle wrapped the error. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint || (e as Error).message?.includes(constraint) === true;
  }
  return false;
}
