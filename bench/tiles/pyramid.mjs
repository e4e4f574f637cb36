#!/usr/bin/env node
// Our full vector-tile pyramid of one cell, as the server makes tiles: the cell read with its
// updates, one index, every tile over the cell's extent from MINZOOM to MAXZOOM cut, encoded as MVT,
// gzip-compressed and written to DIR/z/x/y.pbf (as `ogr2ogr -f MVT` writes its own). Prints one
// JSON line: tiles written, bytes, seconds per stage.
// Usage: node bench/tiles/pyramid.mjs CELL.000 DIR [minzoom=8] [maxzoom=16]
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { getCellInfo } from '@chartroom/s57';
import { openCellWithUpdates } from '@chartroom/s57/node';
import { LAYER_TAG } from '../../server/dist/modules/tiles/cell-features.js';
import { buildCellTileIndex, cellTileFeatures } from '../../server/dist/modules/tiles/cell-tile-index.js';
import { encodeMvt } from '../../server/dist/modules/tiles/mvt-encode.js';
import { TILE_EXTENT, tileRange } from '../../server/dist/modules/tiles/tile-geometry.js';

const [cellPath, outDir, minArg = '8', maxArg = '16'] = process.argv.slice(2);
if (!cellPath || !outDir) {
  console.error('usage: pyramid.mjs CELL.000 DIR [minzoom] [maxzoom]');
  process.exit(2);
}
const t0 = performance.now();
const ds = openCellWithUpdates(cellPath);
const info = getCellInfo(ds);
const t1 = performance.now();
const index = buildCellTileIndex(ds, {
  cell: basename(cellPath, '.000'),
  band: info.intendedUsage.number ?? 1,
  edition: info.edition ?? 0,
  update: info.update ?? 0,
});
const t2 = performance.now();
let tiles = 0;
let bytes = 0;
for (let z = Number(minArg); z <= Number(maxArg); z++) {
  const r = tileRange(info.bbox, z);
  for (let x = r.x0; x <= r.x1; x++) {
    let madeDir = false;
    for (let y = r.y0; y <= r.y1; y++) {
      const features = cellTileFeatures(index, z, x, y);
      if (features.length === 0) continue;
      const layers = new Map();
      for (const f of features) {
        const name = f.tags[LAYER_TAG];
        const list = layers.get(name);
        if (list) list.push(f);
        else layers.set(name, [f]);
      }
      const body = gzipSync(encodeMvt(layers, TILE_EXTENT));
      if (!madeDir) mkdirSync(join(outDir, String(z), String(x)), { recursive: true });
      madeDir = true;
      writeFileSync(join(outDir, String(z), String(x), `${y}.pbf`), body);
      tiles += 1;
      bytes += body.length;
    }
  }
}
const t3 = performance.now();
console.log(JSON.stringify({ tiles, bytes, readS: (t1 - t0) / 1e3, indexS: (t2 - t1) / 1e3, tilesS: (t3 - t2) / 1e3 }));
