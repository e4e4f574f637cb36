#!/usr/bin/env node
// s101 reading, measured against the S-57 reader in the same process (reference: US4MD81M.000,
// 3.6 MB, read the same way): for each S-101 dataset of the corpus, the time to open it and give
// its metadata (what `s101 info` does) and to give every feature with its geometry (what the map's
// tiles and `s101 geojson` need), in MB/s and as a ratio of S-57's MB/s, interleaved repetitions,
// medians; the reader's heap (peak and live after a full collection, as multiples of the file);
// and a fuzz run: mutated copies (truncations, bit flips, corrupted lengths), each ending in a read
// or a typed S101Error, with the slowest input's time.
// Usage: node bench/s101/run.mjs [repetitions=5] [fuzz=300]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const s101 = await import(join(repo, 'packages/s101/dist/index.js'));
const s101node = await import(join(repo, 'packages/s101/dist/node.js'));
const s57 = await import(join(repo, 'packages/s57/dist/index.js'));
const s57node = await import(join(repo, 'packages/s57/dist/node.js'));
// The engine's collector, without --expose-gc on the command line (as the s57 command gets it).
(await import('node:v8')).setFlagsFromString('--expose-gc');
const gc = (await import('node:vm')).runInNewContext('gc');
const reps = Number(process.argv[2] ?? 5);
const fuzzCount = Number(process.argv[3] ?? 300);

const reference = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const datasets = readdirSync(join(testdata, 's101'))
  .filter((f) => f.endsWith('.000'))
  .map((f) => join(testdata, 's101', f));

const readers = {
  s101: {
    info: (p) => s101.getS101Info(s101node.openS101(p, { updates: 'ignore' })),
    features: (p) => {
      let n = 0;
      for (const f of s101.flatFeatures(s101node.openS101(p, { updates: 'ignore' }))) n += f.geometry ? 1 : 0;
      return n;
    },
  },
  s57: {
    info: (p) => s57.getCellInfo(s57node.openCellIndex(p, { updates: 'ignore' })),
    features: (p) => {
      let n = 0;
      for (const f of s57.flatFeatures(s57node.openCellIndex(p, { updates: 'ignore' }))) n += f.geometry ? 1 : 0;
      return n;
    },
  },
};

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const mb = (n) => n / 1048576;
const time = (fn) => {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

// Warm-up: both readers, once each.
readers.s57.features(reference);
readers.s101.features(datasets[0]);

const rows = [];
const refTimes = { info: [], features: [] };
const times = new Map(datasets.map((d) => [d, { info: [], features: [] }]));
for (let r = 0; r < reps; r++) {
  for (const kind of ['info', 'features']) {
    // Rotating order: the reference runs between the datasets, so load swings hit both.
    refTimes[kind].push(time(() => readers.s57[kind](reference)));
    for (const d of datasets) times.get(d)[kind].push(time(() => readers.s101[kind](d)));
  }
}
const refSize = mb(statSync(reference).size);
const refRate = { info: refSize / (median(refTimes.info) / 1000), features: refSize / (median(refTimes.features) / 1000) };
console.log(
  `reference S-57 US4MD81M.000 (${refSize.toFixed(2)} MiB): info ${median(refTimes.info).toFixed(0)} ms (${refRate.info.toFixed(1)} MiB/s), features ${median(refTimes.features).toFixed(0)} ms (${refRate.features.toFixed(1)} MiB/s)`,
);

function memory(path) {
  gc();
  gc();
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const base = used();
  let peak = 0;
  const ds = s101node.openS101(path, { updates: 'ignore' });
  let i = 0;
  for (const f of s101.flatFeatures(ds)) {
    void f;
    if (++i % 256 === 0) peak = Math.max(peak, used() - base);
  }
  peak = Math.max(peak, used() - base);
  gc();
  gc();
  const live = used() - base;
  void ds.fileName;
  return { peak, live };
}

for (const d of datasets) {
  const size = mb(statSync(d).size);
  const t = times.get(d);
  const info = median(t.info),
    features = median(t.features);
  const m = memory(d);
  const rate = { info: size / (info / 1000), features: size / (features / 1000) };
  rows.push(
    `| ${d.split('/').pop()} | ${size.toFixed(2)} | ${info.toFixed(0)} ms, ${rate.info.toFixed(1)} MiB/s (${(rate.info / refRate.info).toFixed(2)}×) | ${features.toFixed(0)} ms, ${rate.features.toFixed(1)} MiB/s (${(rate.features / refRate.features).toFixed(2)}×) | ${(m.peak / statSync(d).size).toFixed(1)}× | ${(m.live / statSync(d).size).toFixed(1)}× |`,
  );
}
console.log('\n| dataset | MiB | info (open + metadata) | every feature with geometry | peak heap | live heap |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);

// Fuzz: mutated copies of the two smallest datasets.
let seed = 20261127;
const rand = (n) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed % n;
};
const seeds = [...datasets]
  .sort((a, b) => statSync(a).size - statSync(b).size)
  .slice(0, 2)
  .map((p) => readFileSync(p));
const outcome = { ok: 0 };
let slowest = 0;
for (let i = 0; i < fuzzCount; i++) {
  const src = seeds[i % seeds.length];
  const m = Uint8Array.from(src);
  let bytes = m;
  switch (rand(3)) {
    case 0:
      bytes = m.subarray(0, rand(m.length));
      break;
    case 1:
      for (let k = 0; k <= rand(8); k++) m[rand(m.length)] ^= 1 << rand(8);
      break;
    default:
      m.set(new TextEncoder().encode(String(rand(99999)).padStart(5, '0')), rand(m.length - 5));
  }
  const t = time(() => {
    try {
      const ds = s101.readS101(bytes);
      s101.getS101Info(ds);
      for (const f of s101.flatFeatures(ds)) void f;
      outcome.ok++;
    } catch (e) {
      if (!(e instanceof s101.S101Error)) throw e;
      outcome[e.code] = (outcome[e.code] ?? 0) + 1;
    }
  });
  slowest = Math.max(slowest, t);
}
console.log(
  `\nfuzz: ${fuzzCount} mutated inputs, every one a read or an S101Error: ${JSON.stringify(outcome)}; slowest ${slowest.toFixed(0)} ms`,
);
