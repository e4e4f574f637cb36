#!/usr/bin/env node
// The map of a national chart set (issue 39), through the portal as a user runs it.
//
//   node bench/tiles/national.mjs [N=60] [backend=pglite|postgres] [workers=1|2]
//
// 1. A synthetic national set of N cells (bench/tiles/national-set.mjs: renamed copies of US4MD81M
//    with its updates, moved by whole degrees) in zips of BENCH_BATCH (50) cells.
// 2. The built portal (server/dist/main.js, with the start script's environment and Node options)
//    on a fresh embedded database in a temporary folder, or on a fresh PostgreSQL database made on
//    the server of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and dropped
//    after. `workers` counts the processes that run jobs: the web process itself, and with 2 a
//    second process started with `--worker` (PostgreSQL only: the embedded database has one process).
// 3. As the demo provider: a new geocontent; every zip staged (`POST /api/geocontent/addenc`), then
//    all applied back to back (`GET /api/geocontent/ApplyEnc?guid=`); then the time until the map
//    is ready, polling `GET /api/geocontent/map-status?gcid=` every 250 ms (`ready`, or none
//    pending: failed cells are counted in the table). Where that call is not
//    there (404: the portal predates it) the bench says so and takes instead the time until the
//    portal's processes have been idle for 3 s (under 5 % of a core; the 3 s not counted; the other
//    client of 5. stopped first, since its requests keep them busy).
// 4. A map task (`GET /api/geocontent/gotomap?gcid=`), opened as the map screen opens it
//    (`GET /api/geocontent/maptask?taskId=`: the set's cells, timed on its own), then
//    BENCH_TILES (400) distinct random tiles z10–z15 that touch a cell (a random cell, zoom and
//    tile in the cell's box; seeded by BENCH_SEED, 39), asked 8 at a time, each once (cold):
//    p50/p95, and per tile what the portal's threads ran and waited for a core meanwhile, by
//    process and niceness (bench/tiles/proc.mjs), with how busy the machine was.
// 5. Meanwhile, during the preparation and during the tiles, another client asks `GET /health`,
//    the set's ENC list's first page (`GET /charts/getCollection?gcid=&offset=0&limit=50`) and
//    the geocontent list one after the other (BENCH_OTHER_GAP_MS, 100 ms, apart): p99 of all and
//    of each.
// 6. The peak of the portal's processes' memory: the sum of the RSS of every process started
//    (the web process and its children, such as the embedded database's process, and the worker)
//    read from /proc every 200 ms. PostgreSQL's own processes are not counted.
// 7. GDAL's MVT writer on the first BENCH_GDAL_CELLS (3) cells of the set, after the portal has
//    stopped: `ogr2ogr -f MVT OUT NAME.000 -dsco MINZOOM=10 -dsco MAXZOOM=15` one cell after
//    another, per-cell time, against the portal's preparation per cell (from the first apply to
//    ready, divided by N: it includes the applies themselves). 0 leaves GDAL out.
// The corpus at ../shared/testdata or CHARTROOM_TESTDATA; the server built (`node scripts/build.mjs server`).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { children, freshPostgres, portalNodeArgs, root, startCommandEnv, waitFor } from '../api/shared.mjs';
import { otherClient, pickTiles, sourceDir, writeNationalSet } from './national-set.mjs';
import { cpuBetween, cpuTicksOf, labelOf, machineTicks, rssOf, threadTimes, treeOf } from './proc.mjs';

const n = Number(process.argv[2] ?? 60);
const backend = process.argv[3] ?? 'pglite';
const workers = Number(process.argv[4] ?? 1);
const tileCount = Number(process.env.BENCH_TILES ?? 400);
const batch = Number(process.env.BENCH_BATCH ?? 50);
const gdalCells = Math.min(n, Number(process.env.BENCH_GDAL_CELLS ?? 3));
const readyTimeoutS = Number(process.env.BENCH_READY_TIMEOUT ?? 3600);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let seed = Number(process.env.BENCH_SEED ?? 39);
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const CONCURRENCY = 8;
const otherGapMs = Number(process.env.BENCH_OTHER_GAP_MS ?? 100);

if (!['pglite', 'postgres'].includes(backend)) throw new Error(`backend is pglite or postgres, not ${backend}`);
if (!(workers >= 1)) throw new Error('workers is 1 or more');
if (workers > 1 && backend !== 'postgres') throw new Error('several processes need PostgreSQL: node bench/tiles/national.mjs N postgres 2');
if (!existsSync(join(sourceDir, 'US4MD81M.000'))) throw new Error(`the corpus is missing: ${sourceDir}`);
if (!existsSync(join(root, 'server/dist/main.js'))) throw new Error('build the server first: node scripts/build.mjs server');

const pct = (list, p) => {
  if (list.length === 0) return NaN;
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v) => (Number.isNaN(v) ? '–' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (v) => `${v.toFixed(1)} s`;

const processes = []; // the portal's top processes (web, worker)
let stopping = false;
// Interrupted: the portal's processes go with this one (../api/shared.mjs kills them on exit), the
// temporary folder too.
let work = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (work && !process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}
const pidsNow = () => processes.flatMap((p) => treeOf(p.pid));
let peakRss = 0;
let peakAt = '';
let peakParts = '';
let phase = 'start';
const sampler = setInterval(() => {
  const parts = pidsNow().map((pid) => [pid, rssOf(pid)]);
  const total = parts.reduce((sum, [, rss]) => sum + rss, 0);
  if (total > peakRss) {
    peakRss = total;
    peakAt = phase;
    peakParts = parts.map(([pid, rss]) => `${labelOf(pid)} ${mb(rss)}`).join(' + ');
  }
}, 200);

/** Waits until the portal's processes have used under 5 % of a core for 3 s (polled every 500 ms). */
async function untilIdle(deadline) {
  const ticks = [];
  for (;;) {
    ticks.push(pidsNow().reduce((sum, pid) => sum + cpuTicksOf(pid), 0));
    if (ticks.length > 6 && ticks.at(-1) - ticks.at(-7) < 15) return;
    if (performance.now() > deadline) throw new Error('the portal did not become idle in time');
    await sleep(500);
  }
}

// ---- HTTP ----

let base;
let headers;
async function call(path, init = {}) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, ms: performance.now() - t0, json: () => JSON.parse(body.toString('utf8')) };
}
async function ok(path, init) {
  const res = await call(path, init);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
  return res;
}

// ---- tiles ----

// ---- the run ----

async function main() {
  work = mkdtempSync(join(tmpdir(), 'chartroom-bench-national-'));
  let pg = null;
  const figures = [];
  const row = (what, value, goal = '') => figures.push([what, value, goal]);
  try {
    let t0 = performance.now();
    const manifest = await writeNationalSet(n, join(work, 'set'), { batch });
    console.log(`set: ${n} cells in ${manifest.batches.length} zips of up to ${batch}, made in ${s((performance.now() - t0) / 1000)}`);

    pg = backend === 'postgres' ? await freshPostgres(adminUrl) : null;
    const port = 20000 + Math.floor(Math.random() * 5000);
    base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      ...startCommandEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      IDLE_TIMEOUT_SECONDS: '900',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const log = openSync(process.env.BENCH_PORTAL_LOG ?? join(work, 'portal.log'), 'a');
    const startProcess = (args) => {
      const child = spawn(process.execPath, [...portalNodeArgs(), 'server/dist/main.js', ...args], {
        cwd: root,
        env,
        stdio: ['ignore', log, log],
      });
      children.push(child);
      processes.push(child);
      child.on('exit', (code, signal) => {
        if (!stopping)
          console.error(`a portal process (${args.join(' ') || 'web'}) ended: ${code ?? signal}; log: ${join(work, 'portal.log')}`);
      });
      return child;
    };
    startProcess([]);
    await waitFor(`${base}/ready`);
    for (let i = 1; i < workers; i++) startProcess(['--worker']);
    await sleep(3000); // start-up work (the demo seed, sweeps) settles

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'provider@demo.test', password: 'demo-password' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    headers = { authorization: `Bearer ${(await login.json()).token}` };
    const gcid = (await ok(`/api/geocontent/create2?gcTitle=${encodeURIComponent(`National set ${n}`)}&providerTitle=Bench`)).json().id;

    // Stage every zip, then apply them all.
    phase = 'upload';
    t0 = performance.now();
    const guids = [];
    for (const file of manifest.batches) {
      const form = new FormData();
      form.append('gcid', String(gcid));
      form.append('files', await openAsBlob(join(work, 'set', file)), file);
      const staged = (await ok('/api/geocontent/addenc', { method: 'POST', body: form })).json();
      const bad = staged.charts.filter((c) => c.errors.length > 0);
      if (bad.length > 0) throw new Error(`${file}: ${bad[0].chartName}: ${bad[0].errors[0].message}`);
      const changed = staged.charts.filter((c) => c.isChanged).length;
      if (changed !== manifest.cells.filter((c) => manifest.batches[c.batch] === file).length) {
        throw new Error(`${file}: ${changed} cells to apply`);
      }
      guids.push(staged.guid);
    }
    const uploadS = (performance.now() - t0) / 1000;

    phase = 'apply and preparation';
    const duringPrep = otherClient(call, gcid, otherGapMs);
    const firstApply = performance.now();
    const applyMs = [];
    for (const guid of guids) applyMs.push((await ok(`/api/geocontent/ApplyEnc?guid=${guid}`)).ms);
    const lastApply = performance.now();

    let statusKnown = true;
    let status = null;
    let prepOthers = null;
    const deadline = performance.now() + readyTimeoutS * 1000;
    for (;;) {
      const res = await call(`/api/geocontent/map-status?gcid=${gcid}`);
      // A portal without the call answers 404, or 400 where `/api/geocontent/:id` takes the path.
      if (res.status === 404 || (res.status === 400 && res.body.includes('params.id'))) {
        statusKnown = false;
        console.log(
          `map-status: ${res.status}, the portal has no GET /api/geocontent/map-status yet (readiness unknown): waiting instead until its processes are idle for 3 s (the other client stopped, its requests would keep them busy)`,
        );
        prepOthers = await duringPrep.stop();
        await untilIdle(deadline);
        break;
      }
      if (res.status !== 200) throw new Error(`map-status: ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
      status = res.json();
      // `ready` stays false while a cell has failed (its tiles are made on demand): done when none is pending.
      if (status.ready || (status.cells >= n && status.pending === 0)) break;
      if (performance.now() > deadline) throw new Error(`not ready after ${readyTimeoutS} s: ${JSON.stringify(status)}`);
      await sleep(250);
    }
    const ready = performance.now() - (statusKnown ? 0 : 3000);
    prepOthers ??= await duringPrep.stop();

    // Tiles, 8 at a time, each once.
    phase = 'tiles';
    const taskId = (await ok(`/api/geocontent/gotomap?gcid=${gcid}`)).json().taskId;
    // The map screen reads the task (its cells, where it opens) before it asks a tile.
    const mapTaskMs = (await ok(`/api/geocontent/maptask?taskId=${taskId}`)).ms;
    const tiles = pickTiles(manifest.cells, tileCount, random);
    const duringTiles = otherClient(call, gcid, otherGapMs);
    const tileMs = [];
    const tileMsByZoom = {};
    const statuses = {};
    let next = 0;
    const threads0 = threadTimes(pidsNow());
    const machine0 = machineTicks();
    const tilesStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < tiles.length) {
          const t = tiles[next++];
          try {
            const res = await call(`/tiles/${t}.pbf?taskId=${taskId}`);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 200 || res.status === 204) {
              tileMs.push(res.ms);
              const z = t.split('/')[0];
              (tileMsByZoom[z] ??= []).push(res.ms);
            }
          } catch (err) {
            statuses[err.cause?.code ?? 'error'] = (statuses[err.cause?.code ?? 'error'] ?? 0) + 1;
          }
        }
      }),
    );
    const tilesS = (performance.now() - tilesStart) / 1000;
    const tilesCpu = cpuBetween(threads0, threadTimes(pidsNow()), machine0, machineTicks(), tiles.length);
    const tileOthers = await duringTiles.stop();

    stopping = true;
    for (const p of processes) p.kill('SIGTERM');
    await Promise.all(processes.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    clearInterval(sampler);

    // GDAL's MVT writer on the first cells, one after another, the portal stopped.
    let gdalPerCell = NaN;
    if (gdalCells > 0) {
      const few = await writeNationalSet(gdalCells, join(work, 'gdal-set'), { folders: true, batch: gdalCells });
      const times = [];
      mkdirSync(join(work, 'gdal-mvt'));
      for (const cell of few.cells) {
        const out = join(work, 'gdal-mvt', cell.name);
        const g0 = performance.now();
        execFileSync(
          'ogr2ogr',
          [
            '-f',
            'MVT',
            out,
            join(work, 'gdal-set', few.batches[0], cell.name, `${cell.name}.000`),
            '-dsco',
            'MINZOOM=10',
            '-dsco',
            'MAXZOOM=15',
          ],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        times.push((performance.now() - g0) / 1000);
      }
      gdalPerCell = times.reduce((a, b) => a + b, 0) / times.length;
    }

    const prepS = (ready - firstApply) / 1000;
    const perCell = prepS / n;
    const others = (o) =>
      Object.entries(o.kinds)
        .map(([path, list]) => `${path.replace(/\?.*/, '')} ${ms(pct(list, 99))} (${list.length})`)
        .join('; ') + (o.failed ? `; ${o.failed} failed` : '');
    const allOthers = (o) => Object.values(o.kinds).flat();

    row('cells (zips)', `${n} (${manifest.batches.length})`);
    row('backend, job processes', `${backend === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'}, ${workers}`);
    row('upload and review of all zips', s(uploadS));
    row('applies (back to back)', `${s((lastApply - firstApply) / 1000)}; per zip p50 ${ms(pct(applyMs, 50))}`);
    row(
      statusKnown ? 'last apply → ready (map-status)' : 'last apply → idle (map-status unknown)',
      s((ready - lastApply) / 1000),
      statusKnown ? `${status.cells} cells, ${status.failed} failed` : '',
    );
    row(statusKnown ? 'first apply → ready, per cell' : 'first apply → idle, per cell', `${s(prepS)}, ${perCell.toFixed(2)} s/cell`);
    if (gdalCells > 0) {
      row(
        `GDAL MVT z10–z15, per cell (${gdalCells} cells)`,
        `${gdalPerCell.toFixed(2)} s/cell`,
        statusKnown
          ? `ratio GDAL ÷ portal ${(gdalPerCell / perCell).toFixed(1)}× (goal ≥ 10×)`
          : 'no ratio: without map-status nothing says the cells were prepared by then',
      );
    }
    row(
      statusKnown ? 'other requests p99 during preparation' : 'other requests p99 during the applies',
      ms(pct(allOthers(prepOthers), 99)),
      `goal < 50 ms; ${others(prepOthers)}`,
    );
    row('map task opened (`maptask`, the set read for this version)', ms(mapTaskMs), 'once per map and chart version, before its tiles');
    row(
      `cold tiles z10–z15 (${tiles.length}, 8 at a time, ${s(tilesS)})`,
      `p50 ${ms(pct(tileMs, 50))}, p95 ${ms(pct(tileMs, 95))}`,
      `goal p95 < 100 ms; answers ${Object.entries(statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    );
    row(
      'cold tiles by zoom: p50 / p95 (count)',
      Object.entries(tileMsByZoom)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([z, list]) => `z${z} ${ms(pct(list, 50))} / ${ms(pct(list, 95))} (${list.length})`)
        .join('; '),
      'where the tail is',
    );
    row(
      'CPU during the tiles, a tile: ran / waited for a core',
      tilesCpu,
      "the portal's threads by process and niceness (schedstat); the web process's tile threads at nice 5",
    );
    row('other requests p99 during tiles', ms(pct(allOthers(tileOthers), 99)), `goal < 50 ms; ${others(tileOthers)}`);
    row("peak RSS of the portal's processes", mb(peakRss), `goal < 1 GB; during ${peakAt}: ${peakParts}`);

    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `\nnational set, N=${n}, ${backend}, ${workers} job process(es), seed ${process.env.BENCH_SEED ?? 39}, load average ${load}\n`,
    );
    console.log('| figure | value | goal, notes |');
    console.log('| --- | --- | --- |');
    for (const [what, value, goal] of figures) console.log(`| ${what} | ${value} | ${goal} |`);
  } finally {
    clearInterval(sampler);
    stopping = true;
    for (const p of processes) if (p.exitCode === null) p.kill('SIGTERM');
    await sleep(500);
    await pg?.drop();
    if (process.env.BENCH_KEEP) console.log(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
