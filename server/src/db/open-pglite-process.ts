import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { privateFolder } from '../lib/private-files.js';
import { DatabaseInUseError } from './embedded-folder.js';
import type { EmbeddedProcessMessage, EmbeddedProcessOptions } from './embedded-process.js';
import { checkChannel, endPool, migrationsFolder } from './pool-helpers.js';
import { ReadCache, registerReadCache, trackPoolWrites } from './read-cache.js';
import * as schema from './schema/index.js';
import type { Database, Db } from './types.js';

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
export async function openPgliteProcess(dataDir: string | undefined): Promise<Database> {
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
