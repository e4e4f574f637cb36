#!/usr/bin/env node
// s57 benchmark against GDAL in the same run, interleaved (the machine is shared and noisy): each
// repetition runs every command once, in a rotating order, so load swings hit both sides alike.
// Whole-process wall time measured around each run (process.hrtime; /usr/bin/time's own figure has
// 10 ms steps), maxrss via /usr/bin/time -f "%M"; medians over the repetitions, the ratio of the
// medians and the median of the per-repetition ratios. The s57 command runs as a user runs it: its
// bin file, through its #! line. Memory: whole-process maxrss, maxrss minus an empty `node -e 0`,
// and the reader's own heap (bench/s57/mem.mjs).
// NODE_EXTRA_CA_CERTS: when the environment sets it, Node reads that certificate bundle (and its
// own root certificates) before running anything, which on these machines costs about 40 ms, more
// than half of ogrinfo's whole run; the info figures are then given both ways.
// Usage: node bench/s57/run.mjs [repetitions=7] [FILE]
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const runs = Number(process.argv[2] ?? 7);
const cell = process.argv[3] ? resolve(process.argv[3]) : join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
// S57_CLI: another build of the command (e.g. the previous commit's, for before/after figures).
const cli = process.env.S57_CLI ? resolve(process.env.S57_CLI) : join(repo, 'packages/s57/bin/s57.cjs');

if (!existsSync(cell)) {
  console.error(`corpus cell missing: ${cell}`);
  process.exit(2);
}
if (!existsSync(join(dirname(cli), '../dist/cli.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
if (spawnSync('ogrinfo', ['--version']).status !== 0) {
  console.error('GDAL (ogrinfo, ogr2ogr) is needed: apt-get install gdal-bin');
  process.exit(2);
}

function timed(cmd, args, env = process.env) {
  // /usr/bin/time -f: max RSS in KiB, after the command's own stderr; the wall time around it.
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %M', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const m = /@@ (\d+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`could not time ${cmd}: ${r.stderr}`);
  return { wall, rssKiB: Number(m[1]), status: r.status };
}

const node = process.execPath;
// Without NODE_EXTRA_CA_CERTS (as Node is installed), when the environment sets it.
const caCerts = process.env.NODE_EXTRA_CA_CERTS ? process.env.NODE_EXTRA_CA_CERTS : null;
const plainEnv = { ...process.env };
delete plainEnv.NODE_EXTRA_CA_CERTS;
const commands = {
  's57 geojson': [cli, ['geojson', cell]],
  'ogr2ogr GeoJSONSeq': ['ogr2ogr', ['-f', 'GeoJSONSeq', '/vsistdout/', cell, '-nlt', 'GEOMETRY']],
  's57 info --json': [cli, ['info', '--json', cell]],
  'ogrinfo -ro -al -so': ['ogrinfo', ['-ro', '-al', '-so', cell]],
  'node -e 0': [node, ['-e', '0']],
};
if (caCerts) {
  commands['s57 info (no extra CAs)'] = [cli, ['info', '--json', cell], plainEnv];
  commands['node -e 0 (no extra CAs)'] = [node, ['-e', '0'], plainEnv];
}
// S57_CLI_BEFORE: a second build run in the same interleaved loop (before/after in one run).
const before = process.env.S57_CLI_BEFORE ? resolve(process.env.S57_CLI_BEFORE) : null;
if (before) {
  commands['s57 geojson (before)'] = [node, [before, 'geojson', cell]];
  commands['s57 info (before)'] = [node, [before, 'info', '--json', cell]];
  if (caCerts) commands['s57 info (before, no extra CAs)'] = [node, [before, 'info', '--json', cell], plainEnv];
}
const names = Object.keys(commands);
const samples = Object.fromEntries(names.map((n) => [n, []]));
const load = [loadavg()[0]];
for (let rep = 0; rep < runs; rep++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(rep + k) % names.length];
    const [cmd, args, env] = commands[name];
    samples[name].push(timed(cmd, args, env));
  }
  load.push(loadavg()[0]);
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const size = statSync(cell).size;
console.log(
  `${cell.split('/').pop()}: ${size} bytes (updates beside it applied), ${runs} interleaved repetitions, node ${process.version}, load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
);
const stat = {};
for (const n of names) {
  const s = samples[n];
  const walls = s.map((x) => x.wall);
  stat[n] = { wall: median(walls), rss: median(s.map((x) => x.rssKiB)) / 1024, maxRss: Math.max(...s.map((x) => x.rssKiB)) / 1024, walls };
  const bad = s.filter((x) => x.status !== 0).length;
  console.log(
    `${n.padEnd(31)} median ${(stat[n].wall * 1000).toFixed(1)} ms  (min ${(Math.min(...walls) * 1000).toFixed(1)}, max ${(Math.max(...walls) * 1000).toFixed(1)})  maxrss median ${stat[n].rss.toFixed(1)} MiB${bad ? `  ${bad} runs failed` : ''}`,
  );
}
const ratio = (a, b) => {
  const per = stat[a].walls.map((w, i) => w / stat[b].walls[i]);
  return `${((stat[a].wall / stat[b].wall) * 100).toFixed(0)}% (median of per-repetition ratios ${(median(per) * 100).toFixed(0)}%)`;
};
console.log('');
console.log(`geojson: ${ratio('s57 geojson', 'ogr2ogr GeoJSONSeq')} of GDAL's time (goal <= 50%)`);
console.log(`info:    ${ratio('s57 info --json', 'ogrinfo -ro -al -so')} of GDAL's time (goal <= 100%)`);
console.log(`node -e 0 alone: ${ratio('node -e 0', 'ogrinfo -ro -al -so')} of ogrinfo's time`);
if (caCerts) {
  console.log(`NODE_EXTRA_CA_CERTS is set (${caCerts}); without it, as Node starts by default:`);
  console.log(`info:    ${ratio('s57 info (no extra CAs)', 'ogrinfo -ro -al -so')} of GDAL's time (goal <= 100%)`);
  console.log(`node -e 0 alone: ${ratio('node -e 0 (no extra CAs)', 'ogrinfo -ro -al -so')} of ogrinfo's time`);
}
if (before) {
  console.log(
    `before: geojson ${ratio('s57 geojson (before)', 'ogr2ogr GeoJSONSeq')}, info ${ratio('s57 info (before)', 'ogrinfo -ro -al -so')} of GDAL's time`,
  );
  if (caCerts) console.log(`before, no extra CAs: info ${ratio('s57 info (before, no extra CAs)', 'ogrinfo -ro -al -so')} of GDAL's time`);
}
const baseRss = stat['node -e 0'].rss;
for (const n of ['s57 geojson', 's57 info --json', ...(before ? ['s57 geojson (before)', 's57 info (before)'] : [])]) {
  const inc = stat[n].rss - baseRss;
  console.log(
    `${n}: maxrss ${stat[n].rss.toFixed(1)} MiB = ${((stat[n].rss * 1048576) / size).toFixed(1)}x the cell (whole process); minus node -e 0 (${baseRss.toFixed(1)} MiB): ${inc.toFixed(1)} MiB = ${((inc * 1048576) / size).toFixed(1)}x`,
  );
}
for (const mode of ['info', 'geojson']) {
  const r = spawnSync(node, ['--expose-gc', join(repo, 'bench/s57/mem.mjs'), mode, cell], { encoding: 'utf8' });
  process.stdout.write(`in process: ${r.stdout}`);
}
