import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ReadCache, registerReadCache, trackWrites } from './read-cache.js';
import * as schema from './schema/index.js';

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
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname.replace(/dist\/db\/migrations$/, 'src/db/migrations');

/**
 * pool.end() resolves once its clients are told to end, before their sockets close; waiting for
 * each client's 'remove' means a caller that drops the database next cannot kill a closing
 * connection (an unhandled 57P01 error in the test teardown otherwise).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** LISTEN on a connection of its own; a dropped connection is made again after a second. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    c.on('error', (err) => {
      onError(err);
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!stopped) retry = setTimeout(() => void reconnect(), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const reconnect = async () => {
    try {
      await connect();
      onNotify();
    } catch (err) {
      onError(err as Error);
      if (!stopped) retry = setTimeout(() => void reconnect(), 1000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

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

/** The embedded database is in use by another live process (PGlite is one process by construction). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dir} is in use by process ${pid}: stop that portal first (or give this one another DATA_DIR)`);
  }
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return false; // an earlier life of this pid (a restarted container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database folder for this process: two processes on one PGlite folder would
 * corrupt it (a second `npm start`, or `npm run seed` / `move-install` while the portal runs). The
 * claim is a file made with O_EXCL holding the pid; a claim whose process is gone is taken over.
 */
function claimFolder(dir: string): () => void {
  // Beside the folder, not in it: PGlite's initdb wants an empty folder.
  const file = `${dir}.pid`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // removed between the two calls: try again
      }
      if (Number.isInteger(holder) && holder > 0 && pidAlive(holder)) throw new DatabaseInUseError(dir, holder);
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first; the next attempt tells
      }
    }
  }
  throw new Error(`Could not claim the embedded database folder ${dir}`);
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL connections (default 10). */
  poolSize?: number | undefined;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    registerReadCache(db, new ReadCache(false, 0, true));
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      close: () => endPool(pool),
      listen: (channel, onNotify, onError) => listenPostgres(url, channel, onNotify, onError),
      exclusive: async (name, work) => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [`chartroom:${name}`]);
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`chartroom:${name}`]);
          }
        } finally {
          client.release();
        }
      },
    };
  }
  // The embedded engine is loaded only here: a portal on PostgreSQL does not hold its code
  // (with nodemailer loaded late too, 1.6 MB less heap at rest: bench/README.md, uploads).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  let release = (): void => undefined;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = claimFolder(dir);
    try {
      client = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
  const cache = new ReadCache(true);
  trackWrites(client, cache);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  registerReadCache(db, cache);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    exclusive: (_name, work) => work(),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}
