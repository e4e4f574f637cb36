#!/usr/bin/env node
// s57 memory: the reader's own footprint on US4MD81M.000 (+ .001-.003), in process, for `info`
// (openCellIndex + getCellInfo) and `geojson` (openCellIndex + geoJSONChunks, written nowhere, with
// the command's periodic full collection); `full-info`/`full-geojson` use the full reader instead.
// Reports the increase of heapUsed + arrayBuffers over the baseline taken after the imports:
// the peak sampled during the work (includes garbage not yet collected) and the live size after a
// full GC with the dataset still referenced. Run with --expose-gc:
//   node --expose-gc bench/s57/mem.mjs info|geojson|full-info|full-geojson [FILE]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { statSync } from 'node:fs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(repo, '../shared/testdata');
const mode = process.argv[2] ?? 'info';
const cell = process.argv[3] ?? join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const node = await import(join(repo, 'packages/s57/dist/node.js'));
const s57 = await import(join(repo, 'packages/s57/dist/index.js'));
if (typeof gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}

// As the command does for geojson (cli.ts): a 32 MB semi-space, set at run time.
if (mode.endsWith('geojson') && process.env.S57_SEMI !== '0') (await import('node:v8')).setFlagsFromString('--max-semi-space-size=32');
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const { getHeapStatistics } = await import('node:v8');
const v8used = () => {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};
gc();
gc();
const base = used();
const v8base = v8used();
let peak = 0;
const sample = () => {
  const u = used() - base;
  if (u > peak) peak = u;
};
const open = mode.startsWith('full') ? node.openCellWithUpdates : node.openCellIndex;
const ds = open(cell);
sample();
let out = 0;
if (mode.endsWith('info')) {
  out = JSON.stringify(s57.getCellInfo(ds)).length;
  sample();
} else {
  // As the command does (cli.ts): when V8's used heap + external memory has grown by more than
  // S57_HEAP_BUDGET (default 6) times the cell's size since before the open, a young-generation
  // collection, then a full one if still over.
  let budget = Number(process.env.S57_HEAP_BUDGET ?? 6) * statSync(cell).size;
  for (const chunk of s57.geoJSONChunks(ds)) {
    out += chunk.length;
    sample();
    if (budget > 0 && v8used() - v8base > budget) {
      gc({ type: 'minor' });
      if (v8used() - v8base > budget) {
        gc();
        budget = Math.max(budget, v8used() - v8base + statSync(cell).size);
      }
    }
  }
}
gc();
gc();
const live = used() - base;
const size = statSync(cell).size;
const mb = (n) => (n / 1048576).toFixed(1);
console.log(
  `${mode}: cell ${mb(size)} MiB; reader's peak heap+buffers increase ${mb(peak)} MiB (${(peak / size).toFixed(1)}x), live after GC ${mb(live)} MiB (${(live / size).toFixed(1)}x); output ${out} chars; ${ds ? 'ok' : ''}`,
);
