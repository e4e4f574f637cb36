#!/usr/bin/env node
// Issue 39: an apply of one cell must cost the same whatever the geocontent holds. The portal built
// from server/dist, requests through app.inject (routing, auth, zod, services, database). For each N,
// a geocontent is filled with N chart rows (US4MD81M's metadata under N names, its bbox and coverage
// moved by whole degrees so that none hides another; written through the repository, not applied),
// then one S-64 cell at a time is uploaded (addenc) and applied (ApplyEnc), REPS times with a
// different cell each time, and the tile warm that the apply queues is run here. Also timed: the
// catalogue's list (getCollection) and the map's task (maptask) of that geocontent, with their sizes.
// The ratio is the figure at the largest N over the one at the smallest (goal: about 1).
// Usage: node bench/apply/run.mjs [sizes=1,300,1000] [reps=3]   (after `node scripts/build.mjs server`)
//   BENCH_BACKENDS=pglite,postgres (default pglite), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { applyUpdates, readS57 } from '@chartroom/s57';

// BENCH_SERVER_DIST: another build of the server to measure (the code before a change), default server/dist.
const server = new URL(
  process.env.BENCH_SERVER_DIST ? `file://${resolve(process.env.BENCH_SERVER_DIST)}/` : '../../server/dist/',
  import.meta.url,
);
const load = (path) => import(new URL(path, server).href);
const { buildApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openDatabase } = await load('db/client.js');
const { seedProvider, seedUser } = await load('db/seed/factories.js');
const { describeCell } = await load('modules/charts/cell-meta.js');
const { upsertChart, upsertCollection } = await load('modules/charts/charts.repository.js');
const { multipart } = await load('modules/charts/charts.test-helper.js');
const { TileStore } = await load('modules/tiles/tile-store.js');
const { tileWarmJob } = await load('modules/tiles/tile-warm.job.js');
const { findChartVersion, listMapCharts } = await load('modules/tiles/tiles.repository.js');
const { buildChartSet } = await load('modules/tiles/chart-set.js');
// The map preparation (decision 0032), in the builds that have it.
const preparation = await load('modules/tiles/map-preparation.repository.js').catch(() => null);
// BENCH_PENDING=1: the seeded cells are still waiting for their preparation (as just after a national
// set's first apply); by default they are ready, as a set is once its preparation is done.
const isPending = process.env.BENCH_PENDING === '1';

const testdata = process.env.CHARTROOM_TESTDATA
  ? resolve(process.env.CHARTROOM_TESTDATA)
  : resolve(import.meta.dirname, '../../../shared/testdata');
const sizes = (process.argv[2] ?? '1,300,1000').split(',').map(Number);
const reps = Number(process.argv[3] ?? 3);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite').split(',');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const s64 = ['GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW', 'GB5X02SE', 'GB4X0000'];
if (reps > s64.length) throw new Error(`at most ${s64.length} repetitions (one S-64 cell each)`);

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (v) => `${v.toFixed(1)} ms`;
const kb = (v) => `${(v / 1024).toFixed(0)} kB`;
async function timed(fn) {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

// US4MD81M's row, as an apply writes it: the metadata of the cell with its updates.
const md81 = join(testdata, 's57/noaa-US4MD81M/US4MD81M');
const [base, ...updates] = ['000', '001', '002', '003'].map((e) => readS57(readFileSync(`${md81}.${e}`), { fileName: `US4MD81M.${e}` }));
const md81Meta = describeCell(applyUpdates(base, updates));
// Moved coordinates keep the cell's 7 decimals (COMF 10^7), as a real cell's would.
const at7 = (v) => Math.round(v * 1e7) / 1e7;
const moved = (meta, dx, dy) => ({
  ...meta,
  bbox: [at7(meta.bbox[0] + dx), at7(meta.bbox[1] + dy), at7(meta.bbox[2] + dx), at7(meta.bbox[3] + dy)],
  coverage: meta.coverage && {
    type: 'MultiPolygon',
    coordinates: meta.coverage.coordinates.map((poly) => poly.map((ring) => ring.map(([x, y]) => [at7(x + dx), at7(y + dy)]))),
  },
});

async function openBackend(kind) {
  if (kind === 'pglite') return { database: await openDatabase({}), drop: async () => {} };
  const name = `chartroom_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: u.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function runBackend(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-apply-'));
  const { database, drop } = await openBackend(kind);
  await database.migrate();
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'false' },
    { JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' },
  );
  const app = await buildApp({ config, database, startJobs: false, logger: false });
  const db = database.db;
  const warm = tileWarmJob({ db, store: new TileStore(app.blobs, config.TILE_CACHE_MB * 1024 * 1024) });
  await app.blobs.put('bench/US4MD81M.000', readFileSync(`${md81}.000`));
  let providers = 0;

  async function geocontentOf(n) {
    providers += 1;
    const user = await seedUser(db, { email: `p${providers}@example.test`, password: 'bench-password', roles: ['user', 'provider'] });
    const { geocontent } = await seedProvider(db, {
      ownerUserId: user.id,
      title: `Bench ${providers}`,
      geocontentTitle: `Bench ${providers}`,
    });
    const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
    for (let i = 0; i < n; i++) {
      const row = await upsertChart(db, {
        collectionId: collection.id,
        name: `BN${String(i).padStart(6, '0')}`,
        sourceType: 's57',
        blobKeys: ['bench/US4MD81M.000'],
        // Whole degrees apart, 40 to a row, clear of the S-64 cells' area.
        meta: moved(md81Meta, (i % 40) * 1, -(Math.floor(i / 40) + 1)),
      });
      if (preparation && !isPending) {
        await preparation.recordCellState(db, {
          gcId: geocontent.id,
          key: `${row.id}:${row.updatedAt.getTime()}`,
          status: 'ready',
          attempts: 1,
        });
      }
    }
    // The planner's statistics as a database that has held the set for a while has them (autovacuum
    // analyzes after a batch of writes): without them a fresh set is planned as a handful of rows.
    if (process.env.BENCH_ANALYZE !== '0') await db.execute(sql`ANALYZE`);
    return { gcId: geocontent.id, headers: { authorization: `Bearer ${app.signToken(user)}` } };
  }

  async function applyOne(gc, cell) {
    const body = multipart([
      { name: 'files', filename: `${cell}.000`, data: readFileSync(join(testdata, `s57/iho-s64-2.1.1/${cell}.000`)) },
      { name: 'gcid', value: String(gc.gcId) },
    ]);
    const add = await timed(() =>
      app.inject({ method: 'POST', url: '/api/geocontent/addenc', headers: { ...gc.headers, ...body.headers }, payload: body.payload }),
    );
    if (add.value.statusCode !== 200) throw new Error(`addenc ${add.value.statusCode}: ${add.value.body}`);
    const { guid } = add.value.json();
    const apply = await timed(() => app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${guid}`, headers: gc.headers }));
    if (apply.value.statusCode !== 200) throw new Error(`ApplyEnc ${apply.value.statusCode}: ${apply.value.body}`);
    const warmed = await timed(() => warm({ gcId: gc.gcId }, { db }));
    return { addenc: add.ms, apply: apply.ms, warm: warmed.ms };
  }

  async function reads(gc) {
    const list = await timed(() => app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${gc.gcId}`, headers: gc.headers }));
    // The page the catalogue asks for (a build without paging answers the whole list to it).
    const page = await timed(() =>
      app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${gc.gcId}&offset=0&limit=50`, headers: gc.headers }),
    );
    const goto = await app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${gc.gcId}`, headers: gc.headers });
    const { taskId } = goto.json();
    const task = await timed(() => app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: gc.headers }));
    // What every map request reads when its task's memo has lapsed (the version), and a new version's rows.
    const version = await timed(() => findChartVersion(db, gc.gcId));
    const rows = await timed(() => listMapCharts(db, gc.gcId));
    // The same knowing the chart set of the version before (a build that cannot ignores it): one cell changed.
    const previous = { cells: buildChartSet(gc.gcId, 'v', rows.value).cells.filter((c) => c.name !== s64[0]) };
    const rowsKnowing = await timed(() => listMapCharts(db, gc.gcId, previous));
    // What an apply adds for the map's preparation (nothing new to queue here), and the map's status.
    const queue = preparation ? await timed(() => preparation.queueMapPreparation(db, gc.gcId)) : { ms: NaN };
    const status = preparation ? await timed(() => preparation.countMapStatus(db, gc.gcId)) : { ms: NaN };
    return {
      // A build whose answer lacks a field of today's contract answers 500 here: no figure.
      list: list.value.statusCode === 200 ? list.ms : NaN,
      listBytes: list.value.rawPayload.length,
      page: page.value.statusCode === 200 ? page.ms : NaN,
      pageBytes: page.value.rawPayload.length,
      task: task.ms,
      taskBytes: task.value.rawPayload.length,
      version: version.ms,
      rows: rows.ms,
      rowsKnowing: rowsKnowing.ms,
      queue: queue.ms,
      status: status.ms,
    };
  }

  // Warm-up (compiles the code paths), then the measured sizes.
  await applyOne(await geocontentOf(1), s64[0]);
  const results = [];
  for (const n of sizes) {
    const seeded = await timed(() => geocontentOf(n));
    const gc = seeded.value;
    const runs = [];
    for (let r = 0; r < reps; r++) runs.push(await applyOne(gc, s64[r]));
    const read = [];
    for (let r = 0; r < reps; r++) read.push(await reads(gc));
    const row = {
      n,
      addenc: median(runs.map((x) => x.addenc)),
      apply: median(runs.map((x) => x.apply)),
      warm: median(runs.map((x) => x.warm)),
      list: median(read.map((x) => x.list)),
      listBytes: read[0].listBytes,
      page: median(read.map((x) => x.page)),
      pageBytes: read[0].pageBytes,
      task: median(read.map((x) => x.task)),
      taskBytes: read[0].taskBytes,
      version: median(read.map((x) => x.version)),
      rows: median(read.map((x) => x.rows)),
      rowsKnowing: median(read.map((x) => x.rowsKnowing)),
      queue: median(read.map((x) => x.queue)),
      status: median(read.map((x) => x.status)),
    };
    results.push(row);
    console.log(
      `${kind} N=${n} (+${reps} applied; seeded in ${(seeded.ms / 1000).toFixed(1)} s): addenc ${ms(row.addenc)}, ApplyEnc ${ms(row.apply)}, ` +
        `tile warm ${ms(row.warm)}; getCollection ${ms(row.list)} (${kb(row.listBytes)}), its first page of 50 ${ms(row.page)} (${kb(row.pageBytes)}), maptask ${ms(row.task)} (${kb(row.taskBytes)}); findChartVersion ${ms(row.version)}, listMapCharts ${ms(row.rows)}, knowing the set before ${ms(row.rowsKnowing)}; queueMapPreparation ${ms(row.queue)}, countMapStatus ${ms(row.status)}; load ${loadavg()[0].toFixed(1)}`,
    );
  }
  const first = results[0];
  const last = results.at(-1);
  const ratio = (k) => (last[k] / first[k]).toFixed(2);
  console.log(
    `${kind} ratio N=${last.n} / N=${first.n}: addenc ${ratio('addenc')}, ApplyEnc ${ratio('apply')}, addenc+ApplyEnc ${((last.addenc + last.apply) / (first.addenc + first.apply)).toFixed(2)}, ` +
      `tile warm ${ratio('warm')}, getCollection ${ratio('list')}, its first page ${ratio('page')}, maptask ${ratio('task')}, findChartVersion ${ratio('version')}, listMapCharts knowing the set before ${ratio('rowsKnowing')}, queueMapPreparation ${ratio('queue')}, countMapStatus ${ratio('status')}`,
  );
  await app.close();
  await database.close?.();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `load average at start ${loadavg()[0].toFixed(2)}; sizes ${sizes.join(', ')}; ${reps} applies each; seeded cells ${preparation ? (isPending ? 'pending preparation' : 'prepared') : '(no map preparation in this build)'}`,
);
for (const kind of backends) await runBackend(kind);
