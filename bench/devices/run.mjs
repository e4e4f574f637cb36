#!/usr/bin/env node
// Device API figures (issue 14), against the built server (`npm run build` or `npm run lint` first):
//   node --expose-gc bench/devices/run.mjs [cells=100] [checks=400]
// 1. the three calls from an activation code to charts on board, timed;
// 2. `GET /api/app/v1/updates?since=` answered 304: p50/p95 over HTTP, with `GET /health` measured
//    in the same process as the reference;
// 3. a `cells`-cell exchange set built and downloaded over HTTP (the client discards the bytes):
//    growth of the process's RSS and of heapUsed + arrayBuffers over the baseline, sampled every
//    10 ms, cold (cells encrypted and signed) and warm (a second device, encrypted files reused).
// Cells: the corpus's US4MD81M.000 (3.6 MB) under `cells` names when present, else the demo cell.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cellCount = Number(process.argv[2] ?? 100);
const checks = Number(process.argv[3] ?? 400);
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const corpusCell = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const dist = (p) => import(join(repo, 'server/dist', p));

const { buildApp } = await dist('app.js');
const { loadConfig } = await dist('config.js');
const { openDatabase } = await dist('db/client.js');
const { seedUser, seedProvider } = await dist('db/seed/factories.js');
const { seedProduct, seedLicense } = await dist('db/seed/licensing-demo.js');
const { upsertChart, upsertCollection } = await dist('modules/charts/charts.repository.js');
const { seedDeviceApplication, demoDeviceApplication } = await dist('modules/device-api/device-apps.seed.js');
const { createSecretBox } = await dist('lib/secret-box.js');
const { buildDemoHarbourCell } = await import(join(repo, 'packages/s57/dist/index.js'));
const { createUserPermit } = await import(join(repo, 'packages/s63/dist/index.js'));

const cellBytes = existsSync(corpusCell) ? readFileSync(corpusCell) : Buffer.from(buildDemoHarbourCell());
const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-devices-'));
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'false' },
  { DEVICE_CALLS_PER_MINUTE: 1_000_000, DEVICE_REDEEMS_PER_MINUTE: 1000 },
);
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: undefined });
await database.migrate();
const app = await buildApp({ config, database, logger: false, startJobs: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const db = database.db;

// Seeding through functions: a provider's geocontent with `cellCount` applied cells, a product, a user's licence.
const provider = await seedUser(db, { email: 'bench-provider@bench.test', password: 'bench-password', roles: ['user', 'provider'] });
const { geocontent } = await seedProvider(db, { ownerUserId: provider.id, title: 'Bench Office', geocontentTitle: 'Bench Charts' });
const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
for (let i = 0; i < cellCount; i++) {
  const name = `XX5B${String(i).padStart(4, '0')}`;
  const key = `charts/${geocontent.id}/${name}/bench/${name}.000`;
  await app.blobs.put(key, cellBytes);
  await upsertChart(db, {
    collectionId: collection.id,
    name,
    sourceType: 's57',
    blobKeys: [key],
    meta: {
      edition: 1,
      update: 0,
      releaseDate: '2024-01-05',
      scale: 80000,
      band: 4,
      description: 'bench',
      bbox: [10, 54, 10.1, 54.1],
      coverage: null,
    },
  });
}
const product = await seedProduct(db, { geocontentId: geocontent.id, licType: 'com', price: 10 });
const user = await seedUser(db, { email: 'bench-user@bench.test', password: 'bench-password', roles: ['user'] });
await seedLicense(db, { productId: product.id, userId: user.id, deviceCount: 0 });
await seedDeviceApplication(db, createSecretBox(config.dataKey), demoDeviceApplication);
const userToken = app.signToken(user);

function call(method, path, { headers = {}, body, sink = false } = {}) {
  return new Promise((resolveCall, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
      },
      (res) => {
        const chunks = [];
        let size = 0;
        res.on('data', (c) => {
          size += c.length;
          if (!sink) chunks.push(c);
        });
        res.on('end', () => resolveCall({ status: res.statusCode, headers: res.headers, size, body: sink ? null : Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function activate(deviceId) {
  const res = await call('POST', '/api/installation/activate', {
    headers: { authorization: `Bearer ${userToken}` },
    body: { deviceId, applicationTypeId: 101, platformId: 1 },
  });
  return JSON.parse(res.body).id;
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n) => n.toFixed(1);
const mb = (n) => (n / 1024 / 1024).toFixed(1);

// 1 + 3. From code to charts: redeem, ask for the set, download it — with memory sampled throughout.
async function deliver(deviceId, hwId) {
  const code = await activate(deviceId);
  globalThis.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed + base.arrayBuffers;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
  }, 10);
  const times = [];
  let t0 = process.hrtime.bigint();
  const redeemed = await call('POST', `/api/app/v1/activations/${code}/redeem`, {
    body: { deviceId, platformId: 1, applicationTypeId: 101, userPermit: createUserPermit({ hwId, mKey: '10121', mId: '10' }) },
  });
  times.push(['POST /api/app/v1/activations/{code}/redeem', ms(t0), redeemed.status]);
  const auth = { authorization: `Bearer ${JSON.parse(redeemed.body).token}` };
  t0 = process.hrtime.bigint();
  const set = await call('POST', '/api/app/v1/exchange-sets', { headers: auth, body: { productVersions: [] } });
  times.push(['POST /api/app/v1/exchange-sets', ms(t0), set.status]);
  const { url, size } = JSON.parse(set.body);
  t0 = process.hrtime.bigint();
  const download = await call('GET', url, { headers: auth, sink: true });
  times.push([`GET ${url.replace(/[0-9a-f-]{36}/, '{id}')}`, ms(t0), download.status]);
  clearInterval(timer);
  if (download.size !== size) throw new Error(`downloaded ${download.size} of ${size} bytes`);
  return { times, size, rss: peakRss - base.rss, heap: peakHeap - base.heapUsed - base.arrayBuffers, auth };
}

console.log(
  `cells: ${cellCount} × ${cellBytes.length} bytes (${existsSync(corpusCell) ? 'US4MD81M.000' : 'demo cell'}), database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const cold = await deliver('BENCH-SHIP-1', '1B2C3');
const warm = await deliver('BENCH-SHIP-2', '2C3D4');
for (const [title, run] of [
  ['cold (cells encrypted and signed)', cold],
  ['warm (encrypted files reused)', warm],
]) {
  console.log(`\n### code to charts, ${title}: set of ${mb(run.size)} MB`);
  for (const [what, t, status] of run.times) console.log(`  ${status} ${what}  ${fmt(t)} ms`);
  console.log(`  memory growth during the three calls: RSS +${mb(run.rss)} MB, heapUsed+arrayBuffers +${mb(run.heap)} MB (goal < 64 MB)`);
}

// 2. Update check answered 304, against /health in the same process.
async function percentiles(path, headers) {
  const samples = [];
  for (let i = 0; i < checks; i++) {
    const t0 = process.hrtime.bigint();
    const res = await call('GET', path, { headers });
    samples.push(ms(t0));
    if (i === 0) console.log(`  ${path.split('?')[0]} answers ${res.status}`);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length * 0.5)], p95: samples[Math.floor(samples.length * 0.95)] };
}
console.log(`\n### update check, ${checks} sequential requests each`);
const since = new Date(Date.now() + 1000).toISOString();
const health = await percentiles('/health', {});
const updates = await percentiles(`/api/app/v1/updates?since=${encodeURIComponent(since)}`, warm.auth);
console.log(`  GET /health                      p50 ${fmt(health.p50)} ms  p95 ${fmt(health.p95)} ms`);
console.log(
  `  GET /api/app/v1/updates (304)    p50 ${fmt(updates.p50)} ms  p95 ${fmt(updates.p95)} ms (goal p95 < 20 ms); ${fmt(updates.p95 / health.p95)}× /health's p95`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
