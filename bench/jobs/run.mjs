#!/usr/bin/env node
// Issue 17's job figures, from server/dist (`node scripts/build.mjs server` first): JOBS jobs
// enqueued at RATE per second (one INSERT + NOTIFY each, as a web process does) into PROCS job
// processes (bench/jobs/worker.mjs: the portal's JobRunner, ProcessRegistry and LISTEN wake-ups)
// on one PostgreSQL database, while a random process is killed with SIGKILL every 1–4 s and
// started again. Then it waits for the queue to empty and checks, in the database:
//   - lost: jobs never done;
//   - done twice: jobs marked done more than once (a trigger records each time);
//   - run after completion: a run that started after its job was first done;
//   - re-run after a kill: jobs started more than once (at-least-once: expected, not an error);
//   - pickup: from the job's INSERT to its handler starting (both on the database's clock), p50/p95/p99.
// The reference is a bare NOTIFY's delivery (one connection NOTIFYs, another LISTENs), probed
// before and every 50 ms during the run: pickup is also given as a multiple of it.
// Usage: node bench/jobs/run.mjs [jobs=10000] [procs=4] [rate=200] [workMs=5]
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a fresh database, dropped after.)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../server/dist/db/client.js';
import { enqueueJob } from '../../server/dist/jobs/queue.js';

const [jobCount = 10000, procCount = 4, rate = 200, workMs = 5] = process.argv.slice(2).map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load = () => loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const dbName = `chartroom_bench_jobs_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const dbUrl = url.toString();

const database = await openDatabase({ url: dbUrl });
const workers = new Set();
try {
  await database.migrate();
  const pool = database.db.$client;
  await pool.query(`
    CREATE TABLE bench_runs (job_id int NOT NULL, pid int NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE TABLE bench_done (job_id int NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE FUNCTION bench_record_done() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO bench_done (job_id) VALUES (NEW.id); RETURN NEW; END $$;
    CREATE TRIGGER bench_done AFTER UPDATE ON jobs FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION bench_record_done();`);

  // Reference: a bare NOTIFY's delivery to another connection, 200 times.
  const listener = new pg.Client({ connectionString: dbUrl });
  await listener.connect();
  await listener.query('LISTEN bench_ref');
  const notifyMs = [];
  for (let i = 0; i < 200; i++) {
    const got = new Promise((ok) => listener.once('notification', ok));
    const t0 = performance.now();
    await pool.query(`NOTIFY bench_ref, '${i}'`);
    await got;
    notifyMs.push(performance.now() - t0);
  }
  await listener.end();
  notifyMs.sort((a, b) => a - b);

  const start = () =>
    new Promise((ok, fail) => {
      const child = fork(new URL('./worker.mjs', import.meta.url).pathname, [dbUrl, String(workMs)], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      workers.add(child);
      child.once('exit', () => workers.delete(child));
      child.once('message', () => ok(child));
      child.once('error', fail);
    });
  for (let i = 0; i < procCount; i++) await start();
  const loadBefore = load();

  // Kill a random process every 1–4 s while jobs come in, and start another in its place.
  let enqueuing = true;
  let kills = 0;
  const killer = (async () => {
    while (enqueuing) {
      await sleep(1000 + Math.random() * 3000);
      if (!enqueuing) break;
      const victims = [...workers];
      const victim = victims[Math.floor(Math.random() * victims.length)];
      if (!victim) continue;
      const gone = new Promise((ok) => victim.once('exit', ok));
      victim.kill('SIGKILL');
      await gone;
      kills += 1;
      await start();
    }
  })();

  // The reference, in the same window: a bare NOTIFY to a listener of this process every 50 ms.
  const probe = new pg.Client({ connectionString: dbUrl });
  await probe.connect();
  await probe.query('LISTEN bench_ref');
  const probeMs = [];
  const prober = (async () => {
    while (enqueuing) {
      const got = new Promise((ok) => probe.once('notification', ok));
      const t = performance.now();
      await pool.query(`NOTIFY bench_ref`);
      await got;
      probeMs.push(performance.now() - t);
      await sleep(50);
    }
  })();

  // Jobs at the given rate, each its own INSERT + NOTIFY as a web request would make it; several
  // in flight, so a slow round trip does not lower the rate.
  const t0 = performance.now();
  const inFlight = new Set();
  for (let i = 0; i < jobCount; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (inFlight.size >= 16) await Promise.race(inFlight);
    const p = enqueueJob(database.db, 'bench.work', { i }).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const enqueueSeconds = (performance.now() - t0) / 1000;
  enqueuing = false;
  await killer;
  await prober;
  await probe.end();
  const refMs = [...notifyMs, ...probeMs].sort((a, b) => a - b);

  // Let the queue empty (a dead holder's job is taken over once its pid is seen gone).
  const deadline = performance.now() + 180_000;
  let left = jobCount;
  while (performance.now() < deadline) {
    left = (await pool.query(`SELECT count(*)::int AS n FROM jobs WHERE state <> 'done'`)).rows[0].n;
    if (left === 0) break;
    await sleep(200);
  }
  const totalSeconds = (performance.now() - t0) / 1000;

  const q = async (text) => (await pool.query(text)).rows[0];
  const lost = (await q(`SELECT count(*)::int AS n FROM jobs WHERE state <> 'done'`)).n;
  const doneTwice = (await q(`SELECT count(*)::int AS n FROM (SELECT job_id FROM bench_done GROUP BY job_id HAVING count(*) > 1) d`)).n;
  const runAfterDone = (
    await q(
      `SELECT count(*)::int AS n FROM bench_runs r JOIN (SELECT job_id, min(at) AS at FROM bench_done GROUP BY job_id) d USING (job_id) WHERE r.started_at > d.at`,
    )
  ).n;
  const rerun = (await q(`SELECT count(*)::int AS n FROM (SELECT job_id FROM bench_runs GROUP BY job_id HAVING count(*) > 1) d`)).n;
  const pickup = (
    await pool.query(
      `SELECT extract(epoch FROM (min(r.started_at) - j.created_at)) * 1000 AS ms FROM jobs j JOIN bench_runs r ON r.job_id = j.id GROUP BY j.id ORDER BY 1`,
    )
  ).rows.map((r) => Number(r.ms));

  const f = (n) => `${n.toFixed(1)} ms`;
  const p95 = pct(pickup, 95);
  const refP95 = pct(refMs, 95);
  console.log(
    `\n${jobCount} jobs at ${rate}/s into ${procCount} processes (work ${workMs} ms each), ${kills} kill -9; load ${loadBefore} → ${load()}`,
  );
  console.log(`  enqueued in ${enqueueSeconds.toFixed(1)} s, all done after ${totalSeconds.toFixed(1)} s`);
  console.log(`  lost: ${lost}   done twice: ${doneTwice}   run after completion: ${runAfterDone}   re-run after a kill: ${rerun}`);
  console.log(
    `  pickup: p50 ${f(pct(pickup, 50))}  p95 ${f(p95)}  p99 ${f(pct(pickup, 99))}  max ${f(pickup.at(-1))}  (goal p95 < 50 ms: ${p95 < 50 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  reference, a bare NOTIFY delivered: p50 ${f(pct(notifyMs, 50))}  p95 ${f(refP95)}; pickup p95 = ${(p95 / refP95).toFixed(1)}× its p95`,
  );
  process.exitCode = lost === 0 && doneTwice === 0 && runAfterDone === 0 ? 0 : 1;
} finally {
  const exits = [...workers].map((w) => new Promise((ok) => w.once('exit', ok)));
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(exits);
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
