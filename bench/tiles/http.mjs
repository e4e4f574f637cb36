#!/usr/bin/env node
// Tiles over HTTP on loopback: the portal built from server/dist (PGlite in a temporary folder),
// listening on 127.0.0.1, fetched by a keep-alive client one request at a time in this process.
// Geocontents: US4MD81M with its updates; the six IHO S-64 cells; US4CN21M. Figures:
//   /health p50 (reference: the cost of any request here),
//   random tiles z12–z16 over US4MD81M: cold (first request of the tile; the cell's index already
//   built by one earlier tile) and cached (the same tiles again),
//   tiles where four or more S-64 cells draw (quilted), cold,
//   with each tile's CPU time in this process (process.cpuUsage around the request), which a busy
//   machine does not inflate as it does wall time,
//   peak memory of the process (maxRSS) with all three geocontents' indexes built.
// Usage: node bench/tiles/http.mjs [tiles=300] [seed=12]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { applyUpdates, readS57 } from '@chartroom/s57';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { openDatabase } from '../../server/dist/db/client.js';
import { seedProvider, seedUser } from '../../server/dist/db/seed/factories.js';
import { describeCell } from '../../server/dist/modules/charts/cell-meta.js';
import { upsertChart, upsertCollection } from '../../server/dist/modules/charts/charts.repository.js';
import { tileRange } from '../../server/dist/modules/tiles/tile-geometry.js';

const testdata = process.env.CHARTROOM_TESTDATA
  ? resolve(process.env.CHARTROOM_TESTDATA)
  : resolve(import.meta.dirname, '../../../shared/testdata');
const count = Number(process.argv[2] ?? 300);
let seed = Number(process.argv[3] ?? 12);
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-tiles-'));
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'false' },
  { JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' },
);
const database = await openDatabase({ dataDir: undefined });
await database.migrate();
const app = await buildApp({ config, database, startJobs: false, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address();
const db = database.db;
const owner = await seedUser(db, { email: 'bench@example.test', password: 'bench-password', roles: ['user', 'provider'] });
const token = app.signToken(owner);
let providers = 0;

async function geocontentWith(cells) {
  const { geocontent } = await seedProvider(db, {
    ownerUserId: (await seedUser(db, { email: `p${++providers}@example.test`, password: 'bench-password', roles: ['user', 'provider'] }))
      .id,
    title: `Bench ${providers}`,
    geocontentTitle: `Bench ${providers}`,
  });
  const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
  const rows = [];
  for (const files of cells) {
    const keys = [];
    for (const f of files) {
      const key = `charts/${geocontent.id}/${f.split('/').pop()}`;
      await app.blobs.put(key, readFileSync(f));
      keys.push(key);
    }
    const [base, ...updates] = files.map((f) => readS57(readFileSync(f), { fileName: f.split('/').pop() }));
    const meta = describeCell(updates.length ? applyUpdates(base, updates) : base);
    rows.push(
      await upsertChart(db, {
        collectionId: collection.id,
        name: files[0].split('/').pop().replace('.000', ''),
        sourceType: 's57',
        blobKeys: keys,
        meta,
      }),
    );
  }
  return geocontent.id;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(path, headers = {}) {
  return new Promise((done, fail) => {
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const used = process.cpuUsage(cpu);
        done({
          status: res.statusCode,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          cpuMs: (used.user + used.system) / 1e3,
        });
      });
    });
    req.on('error', fail);
  });
}
async function taskFor(gcId) {
  const { taskId } = JSON.parse(
    (await get(`/api/geocontent/gotomap?gcid=${gcId}`, { authorization: `Bearer ${app.signToken({ id: gcOwner.get(gcId), email: '' })}` }))
      .body,
  );
  return taskId;
}
const gcOwner = new Map();
async function geocontent(cells) {
  const id = await geocontentWith(cells);
  gcOwner.set(id, providers + 1); // seedUser ids: bench owner is 1, provider n is n + 1
  return id;
}
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (v) => `${v.toFixed(2)} ms`;

const md81 = join(testdata, 's57/noaa-US4MD81M/US4MD81M');
const gcMd = await geocontent([[`${md81}.000`, `${md81}.001`, `${md81}.002`, `${md81}.003`]]);
const s64 = ['GB4X0000', 'GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW', 'GB5X02SE'].map((n) => [
  join(testdata, `s57/iho-s64-2.1.1/${n}.000`),
]);
const gcS64 = await geocontent(s64);
const gcCn = await geocontent([[join(testdata, 's57/noaa-US4CN21M/US4CN21M.000')]]);

const health = [];
for (let i = 0; i < 200; i++) health.push((await get('/health')).ms);

// US4MD81M: one tile builds the index, then random distinct tiles.
const taskMd = await taskFor(gcMd);
const bbox = [-76.5827791, 38.3666666, -76.0296103, 39.0333344];
const first = await get(`/tiles/12/${tileRange(bbox, 12).x0}/${tileRange(bbox, 12).y0}.pbf?taskId=${taskMd}`);
const picked = new Set();
while (picked.size < count) {
  const z = 12 + Math.floor(random() * 5);
  const r = tileRange(bbox, z);
  picked.add(`${z}/${r.x0 + Math.floor(random() * (r.x1 - r.x0 + 1))}/${r.y0 + Math.floor(random() * (r.y1 - r.y0 + 1))}`);
}
const cold = [];
const coldCpu = [];
const cached = [];
let empty = 0;
for (const t of picked) {
  const res = await get(`/tiles/${t}.pbf?taskId=${taskMd}`);
  if (res.status === 204) empty += 1;
  cold.push(res.ms);
  coldCpu.push(res.cpuMs);
}
for (const t of picked) cached.push((await get(`/tiles/${t}.pbf?taskId=${taskMd}`)).ms);

// S-64: tiles around the corner where the four GB5X01 cells meet (and GB4X0000 under them).
const taskS64 = await taskFor(gcS64);
const corner = [60.9666667, -32.5, 60.9666667, -32.5];
const firstQuilt = await get(`/tiles/15/${tileRange(corner, 15).x0}/${tileRange(corner, 15).y0}.pbf?taskId=${taskS64}`);
const quilted = [];
const quiltedCpu = [];
for (let z = 12; z <= 18; z++) {
  const r = tileRange(corner, z);
  for (let dx = -2; dx <= 2; dx++) {
    for (let dy = -2; dy <= 2; dy++) {
      const res = await get(`/tiles/${z}/${r.x0 + dx}/${r.y0 + dy}.pbf?taskId=${taskS64}`);
      if (res.status !== 200) continue;
      const text = gunzipSync(res.body).toString('latin1');
      // Cells drawing data: their names in a layer other than the coverage outlines.
      const drawing = new Set(text.match(/GB[45]X0[0-9]{3}|GB5X0[12][NS][EW]/g) ?? []);
      if (drawing.size >= 4) {
        quilted.push(res.ms);
        quiltedCpu.push(res.cpuMs);
      }
    }
  }
}

// US4CN21M too, then the process's peak memory.
const taskCn = await taskFor(gcCn);
await get(`/tiles/10/0/0.pbf?taskId=${taskCn}`);
const cnView = JSON.parse(
  (
    await get(`/api/geocontent/maptask?taskId=${taskCn}`, {
      authorization: `Bearer ${app.signToken({ id: gcOwner.get(gcCn), email: '' })}`,
    })
  ).body,
);
const cn = cnView.cells[0].bbox;
for (let z = 10; z <= 13; z++) {
  const r = tileRange(cn, z);
  await get(`/tiles/${z}/${r.x0}/${r.y0}.pbf?taskId=${taskCn}`);
}
const maxRssMiB = process.resourceUsage().maxRSS / 1024;

console.log(`/health p50 ${fmt(pct(health, 50))} (reference)`);
console.log(`US4MD81M: first tile (reads the cell, builds its index) ${fmt(first.ms)}`);
console.log(
  `US4MD81M random tiles z12-z16 (${picked.size}, ${empty} empty): cold p50 ${fmt(pct(cold, 50))} p95 ${fmt(pct(cold, 95))}; cached p50 ${fmt(pct(cached, 50))} p95 ${fmt(pct(cached, 95))}`,
);
console.log(
  `  CPU time of this process per cold tile (server and client; not counting waits for a busy CPU): p50 ${fmt(pct(coldCpu, 50))} p95 ${fmt(pct(coldCpu, 95))}`,
);
console.log(
  `  as multiples of /health p50: cold p95 ${(pct(cold, 95) / pct(health, 50)).toFixed(1)}x, cached p50 ${(pct(cached, 50) / pct(health, 50)).toFixed(1)}x`,
);
console.log(
  `S-64 first tile at the corner (reads 5 cells) ${fmt(firstQuilt.ms)}; tiles with >= 4 cells drawing (${quilted.length}): cold p50 ${fmt(pct(quilted, 50))} p95 ${fmt(pct(quilted, 95))}`,
);
console.log(`  CPU time per quilted tile: p50 ${fmt(pct(quiltedCpu, 50))} p95 ${fmt(pct(quiltedCpu, 95))}`);
console.log(
  `peak memory (maxRSS of the process: server and client) with US4MD81M, the S-64 set and US4CN21M loaded: ${maxRssMiB.toFixed(0)} MiB`,
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
