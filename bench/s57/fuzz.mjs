#!/usr/bin/env node
// s57 fuzzing: 10 000 mutated inputs (truncations, bit flips, corrupted length fields) made from the
// corpus cells and update files; each must end in a clean read or a typed S57Error within 1 s.
// Usage: node bench/s57/fuzz.mjs [count] [seed]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const { readS57, getCellInfo, geoJSONFeatures, readCatalog, S57Error } = await import(join(repo, 'packages/s57/dist/index.js'));
const count = Number(process.argv[2] ?? 10_000);
let seed = Number(process.argv[3] ?? 20240105) >>> 0;
const rand = (n) => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed % n; };

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
    case 0: return { kind: 'truncate', bytes: m.subarray(0, rand(m.length)) };
    case 1: { const n = 1 + rand(16); for (let i = 0; i < n; i++) { const p = rand(m.length); m[p] ^= 1 << rand(8); } return { kind: 'bitflip', bytes: m }; }
    case 2: { // corrupt a record length / base address / directory length with random digits
      const p = rand(m.length - 5); const digits = String(rand(100000)).padStart(5, '0');
      for (let i = 0; i < 5; i++) m[p + i] = digits.charCodeAt(i); return { kind: 'length', bytes: m };
    }
    default: { // corrupt the leader of the first or a random record
      const p = rand(4) === 0 ? 0 : rand(m.length - 24);
      for (let i = 0; i < 5; i++) m[p + i] = 0x30 + rand(10); return { kind: 'leader', bytes: m };
    }
  }
}

const stats = { ok: 0, typed: 0, crash: 0, slow: 0 };
const codes = {};
let worst = 0;
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  const src = inputs[rand(inputs.length)];
  const { kind, bytes } = mutate(src.bytes);
  const start = performance.now();
  try {
    if (src.p.endsWith('.031')) readCatalog(bytes);
    else {
      const ds = readS57(bytes);
      getCellInfo(ds);
      for (const _ of geoJSONFeatures(ds)) { /* assemble every geometry */ }
    }
    stats.ok++;
  } catch (e) {
    if (e instanceof S57Error) { stats.typed++; codes[e.code] = (codes[e.code] ?? 0) + 1; }
    else { stats.crash++; console.log(`CRASH ${kind} from ${src.p}: ${e?.stack ?? e}`); }
  }
  const ms = performance.now() - start;
  if (ms > worst) worst = ms;
  if (ms > 1000) { stats.slow++; console.log(`SLOW ${ms.toFixed(0)} ms ${kind} from ${src.p}`); }
}
console.log(`clean reads ${stats.ok}, typed errors ${stats.typed}, crashes ${stats.crash}, over 1 s ${stats.slow}; slowest ${worst.toFixed(1)} ms; total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log('error codes:', JSON.stringify(codes));
process.exitCode = stats.crash + stats.slow > 0 ? 1 : 0;
