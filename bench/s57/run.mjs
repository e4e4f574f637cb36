#!/usr/bin/env node
// s57 benchmark: whole-process timings of the s57 command against GDAL on US4MD81M.000 (+ .001-.003),
// peak memory (maxrss via /usr/bin/time), in the same run. Usage: node bench/s57/run.mjs [runs]
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const cell = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const cli = join(repo, 'packages/s57/bin/s57.js');
const runs = Number(process.argv[2] ?? 5);

if (!existsSync(cell)) { console.error(`corpus cell missing: ${cell}`); process.exit(2); }
if (!existsSync(join(repo, 'packages/s57/dist/cli.js'))) { console.error('build first: node node_modules/typescript/bin/tsc -b packages/s57'); process.exit(2); }
const haveGdal = spawnSync('ogrinfo', ['--version']).status === 0;

function timed(cmd, args) {
  // /usr/bin/time -f "%e %M": wall seconds and max RSS in KiB, written to stderr after the command's own.
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %e %M', 'sh', '-c', `"$0" "$@" > /dev/null`, cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /@@ ([\d.]+) (\d+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`could not time ${cmd}: ${r.stderr}`);
  return { wall: Number(m[1]), rssKiB: Number(m[2]), status: r.status };
}

function bench(label, cmd, args) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(timed(cmd, args));
  const walls = samples.map((s) => s.wall).sort((a, b) => a - b);
  const median = walls[Math.floor(walls.length / 2)];
  const rss = Math.max(...samples.map((s) => s.rssKiB));
  const status = samples.every((s) => s.status === 0) ? 'ok' : `exit ${samples.map((s) => s.status).join(',')}`;
  console.log(`${label.padEnd(44)} median ${median.toFixed(3)} s  (min ${walls[0].toFixed(3)}, max ${walls[walls.length - 1].toFixed(3)})  maxrss ${(rss / 1024).toFixed(1)} MiB  ${status}`);
  return { median, rss };
}

const size = statSync(cell).size;
console.log(`US4MD81M.000: ${size} bytes (+ .001-.003 applied), ${runs} runs each, node ${process.version}`);
const geo = bench('s57 geojson', process.execPath, [cli, 'geojson', cell]);
const gdalGeo = haveGdal ? bench('ogr2ogr -f GeoJSONSeq /vsistdout/ -nlt GEOMETRY', 'ogr2ogr', ['-f', 'GeoJSONSeq', '/vsistdout/', cell, '-nlt', 'GEOMETRY']) : null;
const info = bench('s57 info --json', process.execPath, [cli, 'info', '--json', cell]);
const gdalInfo = haveGdal ? bench('ogrinfo -ro -al -so', 'ogrinfo', ['-ro', '-al', '-so', cell]) : null;
console.log('');
if (gdalGeo) console.log(`geojson: ${(geo.median / gdalGeo.median * 100).toFixed(0)}% of GDAL's time (goal <= 50%)`);
if (gdalInfo) console.log(`info:    ${(info.median / gdalInfo.median * 100).toFixed(0)}% of GDAL's time (goal <= 100%)`);
console.log(`peak memory: geojson ${(geo.rss * 1024 / size).toFixed(1)}x, info ${(info.rss * 1024 / size).toFixed(1)}x the cell size (goal < 10x)`);
