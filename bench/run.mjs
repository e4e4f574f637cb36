// `npm run bench`: every benchmark in turn; each prints its own figures (see bench/README.md).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const benches = [['s57 whole-process timings against GDAL', 'bench/s57/run.mjs', '5']];
for (const [title, script, ...args] of benches) {
  console.log(`\n## ${title}`);
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
