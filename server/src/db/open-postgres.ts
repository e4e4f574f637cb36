import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { checkChannel, endPool, migrationsFolder } from './pool-helpers.js';
import { ReadCache, registerReadCache } from './read-cache.js';
import * as schema from './schema/index.js';
import type { Database, Db } from './types.js';

// PostgreSQL, the engine of real deployments: a pool, LISTEN on a connection of its own, and
// advisory locks for the start-up steps several processes share.

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

export function openPostgres(url: string, poolSize: number | undefined): Database {
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
