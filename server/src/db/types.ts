import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

// The database's types, shared by the three ways of opening it (open-postgres.ts,
// open-pglite-process.ts, open-pglite-in-process.ts) and everything that queries it.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (by any process on PostgreSQL, this one on
   * PGlite). PostgreSQL listens on a connection of its own, made again when it drops; `onNotify`
   * also runs after such a reconnect, since notifications in between are lost. Returns the stop.
   */
  listen(channel: string, onNotify: () => void, onError: (err: Error) => void): Promise<() => Promise<void>>;
  /** Runs `work` while holding a PostgreSQL advisory lock, waiting for it (start-up steps: migrate, seed); PGlite just runs it. */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The embedded database's own process, when it runs in one (decision 0020). */
  process?: EmbeddedDatabaseProcess;
}

export interface EmbeddedDatabaseProcess {
  pid: number;
  /** Calls `onLost` if the database process ends while the database is open (it died or was killed). */
  onLost(onLost: (why: string) => void): void;
}

/**
 * Where embedded PGlite runs: in a process of its own that the portal starts and talks to through
 * PostgreSQL's protocol (`process`, the default: the portal's memory and event loop are its own,
 * decision 0020), or inside this process (`in-process`: the test suite's quick databases).
 */
export type EmbeddedMode = 'process' | 'in-process';
