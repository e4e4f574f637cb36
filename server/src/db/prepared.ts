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
