import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedUser } from '../db/seed/factories.js';
import { sharedSecrets } from '../db/schema/index.js';
import { DataKeyMismatchError, sharedSecret } from './shared-secrets.js';

/**
 * Two handles on one database, as two processes have: two pools on a new PostgreSQL database when
 * DATABASE_URL is set, else one PGlite (which one process alone can open) used by both apps.
 */
async function openSharedDatabase(): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { first: database, second: database, close: () => database.close() };
  }
  const name = `chartroom_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const first = await openDatabase({ url: url.toString() });
  await first.migrate();
  const second = await openDatabase({ url: url.toString() });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app as a process of its own would build it: its own data folder, no JWT_SECRET. */
async function processApp(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-proc-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'false', ...env });
  const app = await buildApp({ config, database, startJobs: false, logger: false });
  cleanups.push(() => app.close());
  await app.ready();
  return app;
}

describe('secrets shared by the processes of one installation', () => {
  it('lets two processes on one database accept each other’s tokens without a JWT_SECRET', async () => {
    const shared = await openSharedDatabase();
    cleanups.push(() => shared.close());
    const dataKey = randomBytes(32).toString('base64');
    const one = await processApp(shared.first, { DATA_KEY: dataKey });
    const two = await processApp(shared.second, { DATA_KEY: dataKey });
    const user = await seedUser(shared.first.db, { email: 'shared@example.test', password: 'test-password', roles: ['user'] });

    for (const [signer, reader] of [
      [one, two],
      [two, one],
    ] as const) {
      const token = signer.signToken(user);
      const res = await reader.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: 'shared@example.test' });
    }
  });

  it('keeps the first writer’s value when several race to make it', async () => {
    const shared = await openSharedDatabase();
    cleanups.push(() => shared.close());
    const values = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sharedSecret(i % 2 ? shared.first.db : shared.second.db, 'race', () => `value-${i}`)),
    );
    expect(new Set(values).size).toBe(1);
  });

  it('keeps an existing installation’s secret from its data folder, so nobody is signed out', async () => {
    const database = await openDatabase({});
    await database.migrate();
    cleanups.push(() => database.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-proc-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const old = 'an-old-secret-from-the-data-folder-0123456789';
    writeFileSync(join(dataDir, 'jwt-secret'), old, { mode: 0o600 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const app = await buildApp({ config, database, startJobs: false, logger: false });
    cleanups.push(() => app.close());
    await app.ready();
    const [row] = await database.db.select().from(sharedSecrets).where(eq(sharedSecrets.name, 'jwt'));
    expect(row?.value).toBe(old);
  });

  it('refuses to start a process whose data key differs from the one the database was sealed with', async () => {
    const shared = await openSharedDatabase();
    cleanups.push(() => shared.close());
    await processApp(shared.first, { DATA_KEY: randomBytes(32).toString('base64') });
    await expect(processApp(shared.second, { DATA_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(DataKeyMismatchError);
  });
});
