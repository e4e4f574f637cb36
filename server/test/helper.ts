import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Role } from '@chartroom/contracts/constants';
import { buildApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedUser } from '../src/db/seed/factories.js';
import { startTestS3 } from './s3.js';

/**
 * The suite's blobs are on a real S3 protocol server (TEST_BLOB_STORE=s3). Tests of what only the
 * local disk store has (partial `.part` files, file modes, a killed process's leftovers on disk)
 * skip there; everything else runs the same on both stores.
 */
export const onS3Store = process.env.TEST_BLOB_STORE === 's3';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
  /** Makes an account with these roles and returns its bearer token. */
  loginAs(roles: Role[] | Role, email?: string): Promise<{ token: string; id: number; email: string; headers: { authorization: string } }>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or — when DATABASE_URL is set — a
 * new database created on that PostgreSQL server and dropped afterwards.
 */
export async function buildTestApp(env: Partial<Env> = {}, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-test-'));
  let dropDb: (() => Promise<void>) | null = null;
  let url: string | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `chartroom_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // TEST_BLOB_STORE=s3 (onS3Store) runs the suite with its blobs on a real S3 protocol server (s3rver) in this process.
  const s3 = process.env.TEST_BLOB_STORE === 's3' ? await startTestS3() : null;
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...(s3 ? { S3_URL: s3.url } : {}) },
    { JWT_SECRET: 'test-secret-test-secret-test-secret-000', ...env },
  );
  // The embedded database in this process (quick to make, one per test); TEST_EMBEDDED=process runs
  // the suite on it in a process of its own, as the portal runs it (decision 0020).
  const database = await openDatabase({
    url,
    dataDir: undefined,
    embedded: process.env.TEST_EMBEDDED === 'process' ? 'process' : 'in-process',
  });
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    startJobs: false,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  let counter = 0;
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (dropDb) await dropDb();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async loginAs(roles, email) {
      const list = Array.isArray(roles) ? roles : [roles];
      const mail = email ?? `${list.join('-')}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;
      const row = await seedUser(database.db, {
        email: mail,
        password: 'test-password',
        roles: list.includes('user') ? list : ['user', ...list],
      });
      const token = app.signToken(row);
      return { token, id: row.id, email: mail, headers: { authorization: `Bearer ${token}` } };
    },
  };
}
