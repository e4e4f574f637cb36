import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAdminUrl, postgresAvailable } from '../../test/postgres.js';
import { startTestS3, type TestS3 } from '../../test/s3.js';
import { openDatabase } from '../db/client.js';

// `npm run move-install` as a newcomer's installation would meet it: the real portal fills an
// embedded data folder (demo data, files), stops, the command moves it into a new PostgreSQL
// database and an S3 server, and a portal started on those signs the demo users in and serves
// their files. Needs PostgreSQL: skips without it unless REQUIRE_POSTGRES=1 (CI), where it fails.
const root = new URL('../../../', import.meta.url).pathname;
const adminUrl = postgresAdminUrl;
const hasPostgres = await postgresAvailable();

const { DATABASE_URL: _pg, JWT_SECRET: _jwt, S3_URL: _s3, TEST_BLOB_STORE: _store, DATA_KEY: _key, ...inherited } = process.env;
const tsx = ['--conditions=@chartroom/source', '--import', 'tsx'];

function startPortal(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...tsx, 'server/src/main.ts'], {
    cwd: root,
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill(signal);
  await exited;
}

async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if ((await fetch(`${base}/ready`).catch(() => null))?.ok) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`${base} never became ready`);
}

/** Runs the command as a child (asynchronously: the S3 server answers from this process). */
async function moveInstall(args: string[], dataDir: string): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, [...tsx, 'server/src/move-install/cli.ts', ...args], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const status = await new Promise<number | null>((ok) => child.once('close', (code) => ok(code)));
  return { status, out };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const port = () => 20000 + Math.floor(Math.random() * 9000);

describe.skipIf(!hasPostgres)('moving an embedded installation into PostgreSQL and S3 with one command', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-move-'));
  const newDataDir = mkdtempSync(join(tmpdir(), 'chartroom-moved-'));
  const dbName = `chartroom_t_${randomBytes(6).toString('hex')}`;
  const targetUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  let s3: TestS3;
  let embedded: ChildProcess;
  let embeddedBase = '';
  let oldToken = '';
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    s3 = await startTestS3('chartroom-move');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const p = port();
    embeddedBase = `http://127.0.0.1:${p}`;
    embedded = startPortal({ DATA_DIR: dataDir, PORT: String(p), SEED_DEMO: 'true' });
    children.push(embedded);
    await waitReady(embeddedBase);
    oldToken = await signIn(embeddedBase, 'provider@demo.test');
  }, 240_000);

  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(newDataDir, { recursive: true, force: true });
  });

  it('refuses while the embedded portal still runs on the folder, touching nothing', async () => {
    const r = await moveInstall(['--database', targetUrl, '--s3', s3.url], dataDir);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/in use by process \d+: stop that portal first/);
  });

  it('moves every row and file, and the portal on PostgreSQL and S3 serves the same accounts and files', async () => {
    await stop(embedded);
    const r = await moveInstall(['--database', targetUrl, '--s3', s3.url], dataDir);
    expect(r.out).toMatch(/Moved \d+ rows in \d+ tables and [1-9]\d* files/);
    expect(r.status).toBe(0);
    // Whatever the command printed, it never repeats the store's secret.
    expect(r.out).not.toContain('S3RVER:S3RVER');

    // Every table holds the same rows on both sides (the processes table describes the old process only).
    const source = await openDatabase({ dataDir });
    const target = await openDatabase({ url: targetUrl });
    try {
      const tables = (
        (await source.db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows.map((t) => t.name);
      expect(tables).toContain('users');
      for (const t of tables.filter((name) => name !== 'server_processes')) {
        const q = sql.raw(
          `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h, count(*)::int AS n FROM public."${t}" x`,
        );
        const [a] = ((await source.db.execute(q)) as unknown as { rows: { h: string; n: number }[] }).rows;
        const [b] = ((await target.db.execute(q)) as unknown as { rows: { h: string; n: number }[] }).rows;
        expect({ table: t, ...b }).toEqual({ table: t, ...a });
      }
      // A sequence of no column (the chart stamps) goes on from the source's value.
      const stamps = sql`SELECT last_value::text AS v FROM pg_sequences WHERE schemaname = 'public' AND sequencename = 'chart_stamps'`;
      const [sa] = ((await source.db.execute(stamps)) as unknown as { rows: { v: string | null }[] }).rows;
      const [sb] = ((await target.db.execute(stamps)) as unknown as { rows: { v: string | null }[] }).rows;
      expect(Number(sa?.v)).toBeGreaterThan(0);
      expect(sb?.v).toBe(sa?.v);
    } finally {
      await source.close();
      await target.close();
    }

    // A portal on the new setup, with the old data key and a data folder of its own.
    const p = port();
    const base = `http://127.0.0.1:${p}`;
    const moved = startPortal({
      DATA_DIR: newDataDir,
      PORT: String(p),
      SEED_DEMO: 'false',
      DATABASE_URL: targetUrl,
      S3_URL: s3.url,
      DATA_KEY: readFileSync(join(dataDir, 'data-key'), 'utf8').trim(),
    });
    children.push(moved);
    await waitReady(base);

    // The session signed in on the embedded portal still holds: the signing secret moved too.
    const profile = await fetch(`${base}/users/getprofile`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { email: string }).email).toBe('provider@demo.test');

    // Files come from the S3 store: the provider's notices to mariners download whole.
    const token = await signIn(base, 'provider@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const check = new pg.Client({ connectionString: targetUrl });
    await check.connect();
    const ntms = (await check.query<{ id: number; size: number }>('SELECT id, size FROM ntms ORDER BY id')).rows;
    // New rows continue after the copied ids.
    const [{ max }] = (await check.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM mail_outbox')).rows as [
      { max: number },
    ];
    const [{ id: next }] = (
      await check.query<{ id: number }>(`INSERT INTO mail_outbox ("to", subject, text) VALUES ('x@example.test', 's', 'b') RETURNING id`)
    ).rows as [{ id: number }];
    await check.end();
    expect(ntms.length).toBeGreaterThan(0);
    for (const n of ntms) {
      const res = await fetch(`${base}/api/ntm/${n.id}`, { headers: auth });
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBe(n.size);
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(next).toBe(max + 1);

    // A second run finds the target filled and refuses, leaving it as it is.
    await stop(moved);
    const again = await moveInstall(['--database', targetUrl, '--s3', s3.url], dataDir);
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/The target database is not empty \(table \w+ holds \d+ rows\)/);
  }, 300_000);
});
