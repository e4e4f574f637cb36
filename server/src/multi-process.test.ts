import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { buildExchangeSet, createCellPermit, createUserPermit, encryptCell, writePermitFile } from '@chartroom/s63';
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAdminUrl, postgresAvailable } from '../test/postgres.js';
import { startTestS3, type TestS3 } from '../test/s3.js';
import { openDatabase, type Database } from './db/client.js';
import { seedProvider, seedUser } from './db/seed/factories.js';
import { seedLicense, seedProduct } from './db/seed/licensing-demo.js';
import { createSecretBox } from './lib/secret-box.js';
import { demoDeviceApplication, seedDeviceApplication } from './modules/device-api/device-apps.seed.js';
import { multipart, type Part } from './modules/charts/charts.test-helper.js';

// The deployment of docs/deploy.md in one test: two web processes (JOBS=false) and one worker
// (--worker) as child processes on one PostgreSQL database and one S3 server (s3rver, in this
// process), each with a data folder of its own and no JWT_SECRET. Nothing is shared but the
// database and the store. Multi-process needs PostgreSQL: the machine's, as CI runs it.
const root = new URL('../../', import.meta.url).pathname;
const adminUrl = postgresAdminUrl;
const hasPostgres = await postgresAvailable();
const children: ChildProcess[] = [];
const folders: string[] = [];

function startProcess(env: Record<string, string>, args: string[] = []): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-proc-'));
  folders.push(dataDir);
  const { DATABASE_URL: _pg, JWT_SECRET: _jwt, S3_URL: _s3, TEST_BLOB_STORE: _store, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=@chartroom/source', '--import', 'tsx', 'server/src/main.ts', ...args], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function waitFor<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

const freePort = () => 20000 + Math.floor(Math.random() * 9000);

describe.skipIf(!hasPostgres)('two web processes and a worker on one PostgreSQL and one S3 store', () => {
  let s3: TestS3;
  let database: Database;
  let dbName: string;
  const web = [freePort(), freePort() + 1] as const;
  const base = (i: 0 | 1) => `http://127.0.0.1:${web[i]}`;
  let worker: ChildProcess;
  let common: Record<string, string> = {};
  let token = '';
  let gcId = 0;

  beforeAll(async () => {
    s3 = await startTestS3('chartroom-multi');
    dbName = `chartroom_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ url: url.toString() });
    await database.migrate();
    const user = await seedUser(database.db, { email: 'office@example.test', password: 'office-password', roles: ['user', 'provider'] });
    gcId = (await seedProvider(database.db, { ownerUserId: user.id, title: 'Multi Office', geocontentTitle: 'Multi charts' })).geocontent
      .id;

    common = { DATABASE_URL: url.toString(), S3_URL: s3.url, DATA_KEY: randomBytes(32).toString('base64') };
    startProcess({ ...common, PORT: String(web[0]), JOBS: 'false' });
    startProcess({ ...common, PORT: String(web[1]), JOBS: 'false' });
    worker = startProcess({ ...common, PORT: '1' }, ['--worker']);
    for (const i of [0, 1] as const) await waitFor(async () => (await fetch(`${base(i)}/ready`).catch(() => null))?.ok);
    // The worker has no listener: it is up once it says so in the process table.
    await waitFor(async () => {
      const rows = (await database.db.execute(sql`SELECT count(*)::int AS n FROM server_processes`)) as unknown as {
        rows: { n: number }[];
      };
      return (rows.rows[0]?.n ?? 0) >= 3;
    });
    const login = await fetch(`${base(0)}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'office@example.test', password: 'office-password' }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 240_000);

  afterAll(async () => {
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    const exited = running.map((c) => new Promise((ok) => c.once('exit', ok)));
    for (const c of running) c.kill('SIGKILL');
    await Promise.all(exited);
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await s3?.close();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const post = (i: 0 | 1, path: string, parts: Part[]) => {
    const body = multipart(parts);
    return fetch(`${base(i)}${path}`, { method: 'POST', headers: { ...auth(), ...body.headers }, body: body.payload });
  };

  it('accepts a token signed by one web process at the other', async () => {
    const res = await fetch(`${base(1)}/users/getprofile`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe('office@example.test');
  });

  it('stages S-57 cells through one process, applies them through the other, and serves the map from both', async () => {
    const review = (await (
      await post(0, '/api/geocontent/addenc', [
        { name: 'files', filename: 'XX5DEMO1.000', data: buildDemoHarbourCell() },
        { name: 'files', filename: 'XX5DEMO1.001', data: buildDemoHarbourUpdate(1) },
        { name: 'gcid', value: String(gcId) },
      ])
    ).json()) as { guid: string; state: string };
    expect(review.state).toBe('staged');
    const applied = await fetch(`${base(1)}/api/geocontent/ApplyEnc?guid=${review.guid}`, { headers: auth() });
    expect(await applied.json()).toBe(true);
    const list = (await (await fetch(`${base(0)}/charts/getCollection?gcid=${gcId}`, { headers: auth() })).json()) as {
      charts: { name: string; update: number }[];
    };
    expect(list.charts.map((c) => [c.name, c.update])).toEqual([['XX5DEMO1', 1]]);

    const task = (await (await fetch(`${base(0)}/api/geocontent/gotomap?gcid=${gcId}`, { headers: auth() })).json()) as { taskId: string };
    // The tile holding the whole demo cell at zoom 10, from each process (each reads the cell from S3).
    const n = 2 ** 10;
    const x = Math.floor(((10.05 + 180) / 360) * n);
    const lat = (54.03 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
    const tiles = await Promise.all(
      ([0, 1] as const).map(async (i) => {
        const res = await fetch(`${base(i)}/tiles/10/${x}/${y}.pbf?taskId=${task.taskId}`, { headers: auth() });
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    expect(tiles[0]!.length).toBeGreaterThan(100);
    expect(tiles[0]!.equals(tiles[1]!)).toBe(true);
  });

  it('uploads an NTM PDF through one process and downloads the same bytes through the other', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(5000)}\n%%EOF\n`, 'latin1');
    const res = await post(0, '/api/ntm', [
      { name: 'gcid', value: String(gcId) },
      { name: 'file', filename: 'notice.pdf', data: pdf },
    ]);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const got = await fetch(`${base(1)}/api/ntm/${id}`, { headers: auth() });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('makes an exchange set through one web process and delivers it, resumed by range, through the other', async () => {
    // A ship's device: its application, a licence of the office's charts, an activation code made
    // through one process and redeemed through the other.
    await seedDeviceApplication(database.db, createSecretBox(Buffer.from(common.DATA_KEY!, 'base64')), demoDeviceApplication);
    const product = await seedProduct(database.db, { geocontentId: gcId, licType: 'com', price: 10 });
    const master = await seedUser(database.db, { email: 'master@example.test', password: 'master-password', roles: ['user'] });
    await seedLicense(database.db, { productId: product.id, userId: master.id, deviceCount: 1 });
    const signIn = await fetch(`${base(0)}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'master@example.test', password: 'master-password' }),
    });
    const masterAuth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const json = { 'content-type': 'application/json' };
    const deviceId = 'SHIP-MULTI';
    const activation = await fetch(`${base(1)}/api/installation/activate`, {
      method: 'POST',
      headers: { ...masterAuth, ...json },
      body: JSON.stringify({ deviceId, applicationTypeId: 101, platformId: 1, durationMonths: 12 }),
    });
    const code = ((await activation.json()) as { id: string }).id;
    const userPermit = createUserPermit({ hwId: '12345', mKey: demoDeviceApplication.mKey, mId: demoDeviceApplication.mId });
    const redeemed = await fetch(`${base(0)}/api/app/v1/activations/${code}/redeem`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ deviceId, platformId: 1, applicationTypeId: 101, userPermit }),
    });
    expect(redeemed.status).toBe(200);
    const device = { authorization: `Bearer ${((await redeemed.json()) as { token: string }).token}` };

    const created = await fetch(`${base(1)}/api/app/v1/exchange-sets`, {
      method: 'POST',
      headers: { ...device, ...json },
      body: JSON.stringify({ productVersions: [] }),
    });
    expect(created.status).toBe(201);
    const set = (await created.json()) as { url: string; size: number; sha256: string; cells: { name: string }[] };
    expect(set.cells.map((c) => c.name)).toEqual(['XX5DEMO1']);
    // The first kilobyte from one process, the rest from the other: together, the whole set.
    const head = await fetch(`${base(0)}${set.url}`, { headers: { ...device, range: 'bytes=0-1023' } });
    const tail = await fetch(`${base(1)}${set.url}`, { headers: { ...device, range: 'bytes=1024-' } });
    expect([head.status, tail.status]).toEqual([206, 206]);
    const whole = Buffer.concat([Buffer.from(await head.arrayBuffer()), Buffer.from(await tail.arrayBuffer())]);
    expect(whole.length).toBe(set.size);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(set.sha256);
    expect(Object.keys(unzipSync(new Uint8Array(whole)))).toContain('V01X01/ENC_ROOT/XX/XX5DEMO1/1/0/XX5DEMO1.000');
  });

  it('has the worker (and only it) convert an S-63 set uploaded through a web process, once', async () => {
    const ck1 = '0123456789';
    const ck2 = 'ABCDEF0123';
    const hwId = '8A4C1';
    const set = buildExchangeSet({
      cells: [
        { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(buildDemoHarbourCell(), 'XX5DEMO1.000', ck1) },
        { name: 'XX5DEMO1', edition: 1, update: 1, encrypted: encryptCell(buildDemoHarbourUpdate(1), 'XX5DEMO1.001', ck1) },
      ],
      permitText: writePermitFile({
        enc: [{ permit: createCellPermit({ cellName: 'XX5DEMO1', expiry: '20991231', ck1, ck2, hwId }), edition: 1 }],
      }),
    });
    const up = await post(1, '/api/geocontent/AddS63ToGeocontent', [
      { name: 'geocontentId', value: String(gcId) },
      { name: 'deviceKey', value: hwId },
      { name: 'file', filename: 'XX_set.zip', data: set },
    ]);
    expect(up.status).toBe(200);
    // Web processes run no jobs: only the worker can finish it.
    const conversion = await waitFor(async () => {
      const list = (await (await fetch(`${base(0)}/charts/getCollection?gcid=${gcId}`, { headers: auth() })).json()) as {
        conversion: { state: string; cells: { status: string }[] } | null;
      };
      return list.conversion && ['done', 'failed'].includes(list.conversion.state) ? list.conversion : null;
    });
    expect(conversion).toMatchObject({ state: 'done', cells: [{ status: 'decrypted' }, { status: 'decrypted' }] });
    const rows = (await database.db.execute(sql`SELECT state, attempts FROM jobs WHERE kind = 'charts.s63-conversion'`)) as unknown as {
      rows: { state: string; attempts: number }[];
    };
    // Run once, by one process: nothing lost, nothing done twice.
    expect(rows.rows).toEqual([{ state: 'done', attempts: 1 }]);
    expect(worker.exitCode).toBeNull();
  });

  it('finishes a conversion in a second worker when the first is killed with -9 mid-way: nothing lost, nothing done twice', async () => {
    const ck1 = '1234567890';
    const ck2 = 'ABCDEF0123';
    const hwId = '8A4C1';
    const cell = buildDemoHarbourCell();
    // Enough cells that the conversion is still running when the test sees it claimed.
    const names = Array.from({ length: 120 }, (_, i) => `XX5K${String(i).padStart(4, '0')}`);
    const set = buildExchangeSet({
      cells: names.map((name) => ({ name, edition: 1, update: 0, encrypted: encryptCell(cell, `${name}.000`, ck1) })),
      permitText: writePermitFile({
        enc: names.map((cellName) => ({ permit: createCellPermit({ cellName, expiry: '20991231', ck1, ck2, hwId }), edition: 1 })),
      }),
    });
    const up = await post(0, '/api/geocontent/AddS63ToGeocontent', [
      { name: 'geocontentId', value: String(gcId) },
      { name: 'deviceKey', value: hwId },
      { name: 'file', filename: 'XX_big.zip', data: set },
    ]);
    expect(up.status).toBe(200);
    const jobState = async () => {
      const r = (await database.db.execute(
        sql`SELECT state, attempts FROM jobs WHERE kind = 'charts.s63-conversion' ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { state: string; attempts: number }[] };
      return r.rows[0]!;
    };
    // Killed as soon as it has claimed the job (the state the database shows), not after a guess at time.
    const claimed = await waitFor(async () => {
      const job = await jobState();
      return job.state === 'queued' ? null : job;
    });
    worker.kill('SIGKILL');
    await new Promise((ok) => worker.once('exit', ok));
    expect(claimed.state).toBe('running');

    worker = startProcess(common, ['--worker']);
    const done = await waitFor(async () => {
      const job = await jobState();
      return job.state === 'done' || job.state === 'failed' ? job : null;
    });
    expect(done).toEqual({ state: 'done', attempts: 2 });
    const list = (await (await fetch(`${base(1)}/charts/getCollection?gcid=${gcId}`, { headers: auth() })).json()) as {
      charts: { name: string }[];
      conversion: { state: string; cells: { name: string; status: string }[] };
    };
    expect(list.conversion.state).toBe('done');
    expect(list.conversion.cells.filter((c) => c.status === 'decrypted')).toHaveLength(names.length);
    expect(list.charts.map((c) => c.name).sort()).toEqual(names);
  });
});
