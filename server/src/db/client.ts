import { sql } from 'drizzle-orm';
import { DatabaseInUseError } from './embedded-folder.js';
import { openPgliteInProcess } from './open-pglite-in-process.js';
import { openPgliteProcess } from './open-pglite-process.js';
import { openPostgres } from './open-postgres.js';
import type { Database, EmbeddedMode } from './types.js';

// Opening the database: PostgreSQL (open-postgres.ts), or embedded PGlite in a process of its own
// (open-pglite-process.ts, decision 0020) or in this one (open-pglite-in-process.ts). The types
// everything queries with are in types.ts, re-exported here.

export type { Database, Db, DbOrTx, EmbeddedDatabaseProcess, EmbeddedMode, Schema, Tx } from './types.js';
export { DatabaseInUseError };

/**
 * Runs `work` in one process of all that share the database, or not at all when another runs it
 * now: singleton periodic work (sweeps) under a PostgreSQL advisory lock held by a transaction, so
 * a process that dies lets go of it. PGlite is one process by construction: it just runs.
 */
export async function runAsSingleton<T>(
  database: Database,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.kind === 'pglite') return { ran: true, value: await work() };
  return database.db.transaction(async (tx) => {
    const got = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`chartroom:${name}`})) AS got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!got.rows[0]?.got) return { ran: false as const };
    return { ran: true as const, value: await work() };
  });
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL connections (default 10). */
  poolSize?: number | undefined;
  /** Where embedded PGlite runs (default `process`). */
  embedded?: EmbeddedMode | undefined;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize);
  return opts.embedded === 'in-process' ? openPgliteInProcess(opts.dataDir) : openPgliteProcess(opts.dataDir);
}
