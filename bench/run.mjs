// `npm run bench`: every benchmark in turn; each prints its own figures (see bench/README.md).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const benches = [
  ['s57 whole-process timings against GDAL', 'bench/s57/run.mjs', '5'],
  ['s101 reading against the S-57 reader', 'bench/s101/run.mjs', '5', '300'],
  ['API hot reads against bare Fastify (embedded PGlite)', 'bench/api/run.mjs', '5', '3'],
  ['the home page over the wire', 'bench/web/run.mjs', '3'],
  ['chart map tiles: pyramid against GDAL, tiles over HTTP', 'bench/tiles/run.mjs', '1'],
  ['S-100 protected exchange set of 100 datasets against a plain copy', 'bench/s100/run.mjs', '3'],
  // Needs the server built (`node scripts/build.mjs server`); 10 seeded runs here, 100 for the figures.
  ['orders on one hot agreement', 'bench/orders/run.mjs', '10'],
  ['jobs over 4 processes with kill -9 (PostgreSQL)', 'bench/jobs/run.mjs', '10000', '4', '200', '5'],
];
for (const [title, script, ...args] of benches) {
  console.log(`\n## ${title}`);
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
