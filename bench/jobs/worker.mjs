// One job process of bench/jobs/run.mjs: the portal's own JobRunner, ProcessRegistry and LISTEN
// wake-ups (from server/dist) on the bench database, with one job kind whose handler records that
// it started (clock_timestamp() in the database) and then works for `workMs`.
// Usage (by run.mjs): node bench/jobs/worker.mjs <databaseUrl> <workMs>
import { openDatabase } from '../../server/dist/db/client.js';
import { JOBS_CHANNEL } from '../../server/dist/jobs/queue.js';
import { JobRunner } from '../../server/dist/jobs/runner.js';
import { ProcessRegistry } from '../../server/dist/jobs/process-registry.js';

const [url, workArg] = process.argv.slice(2);
const workMs = Number(workArg ?? 5);
const quiet = () => undefined;
const log = {
  info: quiet,
  debug: quiet,
  trace: quiet,
  warn: quiet,
  error: (o, m) => console.error(m, o),
  fatal: quiet,
  silent: quiet,
  level: 'warn',
};
log.child = () => log;

const database = await openDatabase({ url });
const processes = new ProcessRegistry({ db: database.db, log });
await processes.start();
const runner = new JobRunner({
  db: database.db,
  log,
  processes,
  wakeups: (onNotify) => database.listen(JOBS_CHANNEL, onNotify, () => undefined),
});
const pool = database.db.$client;
runner.register('bench.work', async (_payload, { job }) => {
  await pool.query('INSERT INTO bench_runs (job_id, pid) VALUES ($1, $2)', [job.id, process.pid]);
  await new Promise((ok) => setTimeout(ok, workMs));
  return null;
});
await runner.start();
process.send?.('ready');
process.on('SIGTERM', async () => {
  await runner.stop();
  await processes.stop();
  await database.close();
  process.exit(0);
});
