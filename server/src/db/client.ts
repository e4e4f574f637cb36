import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { privateFolder, tightenTree } from '../lib/private-files.js';
import { claimFolder, DatabaseInUseError } from './embedded-folder.js';
import type { EmbeddedProcessMessage, EmbeddedProcessOptions } from './embedded-process.js';
import { ReadCache, registerReadCache, trackPoolWrites, trackWrites } from './read-cache.js';
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
  /** The embedded database's own process, when it runs in one (decision 0020). */
  process?: EmbeddedDatabaseProcess;
}

export interface EmbeddedDatabaseProcess {
  pid: number;
  /** Calls `onLost` if the database process ends while the database is open (it died or was killed). */
  onLost(onLost: (why: string) => void): void;
}

export { DatabaseInUseError };

/**
 * Where embedded PGlite runs: in a process of its own that the portal starts and talks to through
 * PostgreSQL's protocol (`process`, the default: the portal's memory and event loop are its own,
 * decision 0020), or inside this process (`in-process`: the test suite's quick databases).
 */
export type EmbeddedMode = 'process' | 'in-process';

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

/** A channel name goes into LISTEN's text (it takes no parameter): plain identifiers only. */
function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}

/** LISTEN on a connection of its own; a dropped connection is made again after a second. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  checkChannel(channel);
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

function openPostgres(url: string, poolSize: number | undefined): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize ?? 10 });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  registerReadCache(db, new ReadCache(false, 0, true));
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

/**
 * The module the database process runs: the built one next to this file, or under the test
 * runner (sources, no build) the TypeScript source through tsx, as the suite's other processes.
 */
function embeddedProcessEntry(): { path: string; execArgv: string[] } {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) {
    return { path: new URL('./embedded-process.ts', here).pathname, execArgv: ['--conditions=@chartroom/source', '--import', 'tsx'] };
  }
  return { path: new URL('./embedded-process.js', here).pathname, execArgv: [] };
}

/**
 * Embedded PGlite in a process of its own (decision 0020), reached through `pg` on a Unix socket
 * in a private folder. PGlite is one session, so the pool holds one connection; the read cache
 * works as in-process, since every statement goes through this pool.
 */
async function openPgliteProcess(dataDir: string | undefined): Promise<Database> {
  let dir: string | null = null;
  if (dataDir) {
    dir = join(dataDir, 'pglite');
    privateFolder(dir);
  }
  // mkdtemp makes the folder 0700: no other user can reach the socket.
  const socketDir = mkdtempSync(join(tmpdir(), 'chartroom-db-'));
  const entry = embeddedProcessEntry();
  const options: EmbeddedProcessOptions = { dir, socketDir };
  const child = fork(entry.path, [JSON.stringify(options)], {
    execArgv: entry.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let closing = false;
  let exited: string | null = null;
  const lostHandlers: ((why: string) => void)[] = [];
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      rmSync(socketDir, { recursive: true, force: true });
      if (!closing) for (const h of lostHandlers) h(exited);
      resolve();
    });
  });
  const started = await new Promise<EmbeddedProcessMessage | { type: 'exited'; why: string }>((resolve, reject) => {
    child.once('message', (m: EmbeddedProcessMessage) => resolve(m));
    child.once('error', reject);
    void exit.then(() => resolve({ type: 'exited', why: exited ?? 'exit' }));
  });
  if (started.type !== 'ready') {
    closing = true;
    child.kill();
    await exit;
    if (started.type === 'failed' && started.inUse) throw new DatabaseInUseError(started.inUse.dir, started.inUse.pid);
    throw new Error(started.type === 'failed' ? started.message : `The embedded database process ended at start (${started.why})`);
  }
  // PGlite's one database; one connection, kept open (its session is the database's only one).
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'template1', max: 1, idleTimeoutMillis: 0 });
  // A connection broken by a lost database process is reported by onLost; the pool drops it.
  pool.on('error', () => undefined);
  const cache = new ReadCache(true);
  trackPoolWrites(pool, cache);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  registerReadCache(db, cache);
  const listeners = new Map<string, Set<() => void>>();
  pool.on('connect', (client) => {
    client.on('notification', (msg) => {
      for (const h of listeners.get(msg.channel) ?? []) h();
    });
    // A new connection starts with no LISTEN: the database process dropped the last one's.
    for (const channel of listeners.keys()) void client.query(`LISTEN ${channel}`).catch(() => undefined);
  });
  return {
    db,
    kind: 'pglite',
    process: {
      pid: child.pid!,
      onLost: (h) => {
        lostHandlers.push(h);
      },
    },
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    close: async () => {
      closing = true;
      try {
        await endPool(pool);
      } finally {
        if (exited === null && child.connected) child.send({ type: 'close' });
        else if (exited === null) child.kill();
        await exit;
      }
    },
    exclusive: (_name, work) => work(),
    listen: async (channel, onNotify) => {
      checkChannel(channel);
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await pool.query(`LISTEN ${channel}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          if (!closing) await pool.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
  };
}

async function openPgliteInProcess(dataDir: string | undefined): Promise<Database> {
  // The embedded engine is loaded only here: a portal on PostgreSQL does not hold its code
  // (with nodemailer loaded late too, 1.6 MB less heap at rest: bench/README.md, uploads).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  let release = (): void => undefined;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    privateFolder(dir);
    release = await claimFolder(dir);
    try {
      client = await PGlite.create(dir);
      // PGlite makes its folder 0750 and some files 0640 whatever the umask: closed again here.
      tightenTree(dir);
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
