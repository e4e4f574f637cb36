#!/usr/bin/env node
// Tile benchmark. 1) The full z8–z16 pyramid of US4MD81M (with its updates): our tile code
// (bench/tiles/pyramid.mjs) against `ogr2ogr -f MVT -dsco MINZOOM=8 -dsco MAXZOOM=16`, whole
// processes in the same run, alternating (wall time around each process, maxrss via /usr/bin/time);
// the ratio of ours to GDAL's per repetition. 2) Tiles over HTTP (bench/tiles/http.mjs).
// Usage: node bench/tiles/run.mjs [repetitions=1] [httpTiles=300]   (after `npm run build`)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(here, '../../../shared/testdata');
const cell = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const reps = Number(process.argv[2] ?? 1);
const httpTiles = process.argv[3] ?? '300';
if (spawnSync('ogr2ogr', ['--version']).status !== 0) {
  console.error('GDAL (ogr2ogr with the MVT driver) is needed');
  process.exit(2);
}

function timed(cmd, args) {
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %M', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const m = /@@ (\d+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${cmd} failed: ${r.stderr.slice(-500)}`);
  return { wall, rssMiB: Number(m[1]) / 1024, stdout: r.stdout };
}
const countTiles = (dir) => Number(spawnSync('sh', ['-c', `find ${dir} -name '*.pbf' | wc -l`], { encoding: 'utf8' }).stdout.trim());

console.log(
  `load average at start ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
for (let i = 0; i < reps; i++) {
  const ours = mkdtempSync(join(tmpdir(), 'tiles-ours-'));
  const gdal = join(mkdtempSync(join(tmpdir(), 'tiles-gdal-')), 'out');
  const order = i % 2 === 0 ? ['ours', 'gdal'] : ['gdal', 'ours'];
  const result = {};
  for (const who of order) {
    result[who] =
      who === 'ours'
        ? timed(process.execPath, [join(here, 'pyramid.mjs'), cell, ours, '8', '16'])
        : timed('ogr2ogr', ['-f', 'MVT', gdal, cell, '-dsco', 'MINZOOM=8', '-dsco', 'MAXZOOM=16']);
  }
  const stages = JSON.parse(result.ours.stdout.trim().split('\n').pop());
  console.log(
    `pyramid z8-z16 US4MD81M, repetition ${i + 1}: ours ${result.ours.wall.toFixed(1)} s (${stages.tiles} tiles; read ${stages.readS.toFixed(1)} s, index ${stages.indexS.toFixed(1)} s, tiles ${stages.tilesS.toFixed(1)} s; maxrss ${result.ours.rssMiB.toFixed(0)} MiB), ` +
      `ogr2ogr ${result.gdal.wall.toFixed(1)} s (${countTiles(gdal)} tiles; maxrss ${result.gdal.rssMiB.toFixed(0)} MiB): ours = ${((100 * result.ours.wall) / result.gdal.wall).toFixed(1)} % of GDAL's time (goal <= 10 %)`,
  );
  rmSync(ours, { recursive: true, force: true });
  rmSync(dirname(gdal), { recursive: true, force: true });
}
console.log(
  `load average at end ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
const r = spawnSync(process.execPath, [join(here, 'http.mjs'), httpTiles], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;
