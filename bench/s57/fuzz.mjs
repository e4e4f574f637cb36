#!/usr/bin/env node
// s57 fuzzing: 10 000 mutated inputs (truncations, bit flips, corrupted length fields) made from the
// corpus cells and update files; each must end in a clean read or a typed S57Error within 1 s, through
// both readers: the full one (readS57, getCellInfo, every GeoJSON geometry) and the lazy one the
// command uses (scanS57 + indexCell, getCellInfo, every GeoJSON feature). Each input is timed with
// performance.now() per reader; the distribution (p50/p90/p99/max) is printed.
// Usage: node bench/s57/fuzz.mjs [count] [seed] [--write-slow DIR]
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const { readS57, getCellInfo, geoJSONFeatures, readCatalog, scanS57, indexCell, S57Error } = await import(
  join(repo, 'packages/s57/dist/index.js')
);
const slowDir = process.argv.indexOf('--write-slow') > 0 ? process.argv[process.argv.indexOf('--write-slow') + 1] : null;
const count = Number(process.argv[2] ?? 10_000);
let seed = Number(process.argv[3] ?? 20240105) >>> 0;
const rand = (n) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed % n;
};

function files(dir) {
  const out = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(\d{3}|031)$/i.test(n) && statSync(p).size < 1_000_000) out.push(p);
  }
  return out;
}
const inputs = files(join(testdata, 's57')).map((p) => ({ p, bytes: readFileSync(p) }));
console.log(`${inputs.length} seed files, ${count} mutations`);

function mutate(src) {
  const m = Uint8Array.from(src);
  switch (rand(4)) {
    case 0:
      return { kind: 'truncate', bytes: m.subarray(0, rand(m.length)) };
    case 1: {
      const n = 1 + rand(16);
      for (let i = 0; i < n; i++) {
        const p = rand(m.length);
        m[p] ^= 1 << rand(8);
      }
      return { kind: 'bitflip', bytes: m };
    }
    case 2: {
      // corrupt a record length / base address / directory length with random digits
      const p = rand(m.length - 5);
      const digits = String(rand(100000)).padStart(5, '0');
      for (let i = 0; i < 5; i++) m[p + i] = digits.charCodeAt(i);
      return { kind: 'length', bytes: m };
    }
    default: {
      // corrupt the leader of the first or a random record
      const p = rand(4) === 0 ? 0 : rand(m.length - 24);
      for (let i = 0; i < 5; i++) m[p + i] = 0x30 + rand(10);
      return { kind: 'leader', bytes: m };
    }
  }
}

const stats = { ok: 0, typed: 0, crash: 0, slow: 0 };
const codes = {};
const times = { full: [], lazy: [] };
const slowest = {};
const t0 = performance.now();

function run(kind, src, bytes, reader) {
  const start = performance.now();
  let result = 'ok';
  try {
    if (src.p.endsWith('.031')) readCatalog(bytes);
    else if (reader === 'full') {
      const ds = readS57(bytes);
      getCellInfo(ds);
      for (const _ of geoJSONFeatures(ds)) {
        /* assemble every geometry */
      }
    } else {
      const ds = indexCell(scanS57(bytes));
      getCellInfo(ds);
      for (const _ of geoJSONFeatures(ds)) {
        /* decode every feature and geometry */
      }
    }
  } catch (e) {
    if (e instanceof S57Error) result = e.code;
    else {
      result = 'crash';
      console.log(`CRASH (${reader}) ${kind} from ${src.p}: ${e?.stack ?? e}`);
    }
  }
  const ms = performance.now() - start;
  times[reader].push(ms);
  if (ms > (slowest[reader]?.ms ?? -1)) slowest[reader] = { ms, bytes, kind, from: src.p };
  if (ms > 1000) {
    stats.slow++;
    console.log(`SLOW (${reader}) ${ms.toFixed(0)} ms ${kind} from ${src.p}`);
    if (slowDir) writeFileSync(join(slowDir, `slow-${times[reader].length}-${reader}.bin`), bytes);
  }
  return result;
}

for (let i = 0; i < count; i++) {
  const src = inputs[rand(inputs.length)];
  const { kind, bytes } = mutate(src.bytes);
  const full = run(kind, src, bytes, 'full');
  const lazy = src.p.endsWith('.031') ? full : run(kind, src, bytes, 'lazy');
  for (const r of [full, lazy]) if (r === 'crash') stats.crash++;
  if (full === 'ok') stats.ok++;
  else if (full !== 'crash') {
    stats.typed++;
    codes[full] = (codes[full] ?? 0) + 1;
  }
}
const q = (a, p) => a[Math.min(a.length - 1, Math.floor(p * a.length))];
console.log(
  `full reader: clean reads ${stats.ok}, typed errors ${stats.typed}; crashes (both readers) ${stats.crash}, inputs over 1 s (both readers) ${stats.slow}; total ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
console.log('error codes (full reader):', JSON.stringify(codes));
for (const [reader, a] of Object.entries(times)) {
  a.sort((x, y) => x - y);
  console.log(
    `${reader.padEnd(4)} per input (${a.length}): p50 ${q(a, 0.5).toFixed(2)} ms, p90 ${q(a, 0.9).toFixed(2)} ms, p99 ${q(a, 0.99).toFixed(1)} ms, max ${a[a.length - 1].toFixed(1)} ms, over 1 s ${a.filter((x) => x > 1000).length}`,
  );
}
for (const [reader, w] of Object.entries(slowest)) {
  console.log(`slowest (${reader}): ${w.ms.toFixed(1)} ms, ${w.kind} of ${w.from} (${w.bytes.length} bytes)`);
  if (slowDir) writeFileSync(join(slowDir, `slowest-${reader}.bin`), w.bytes);
}
process.exitCode = stats.crash + stats.slow > 0 ? 1 : 0;
