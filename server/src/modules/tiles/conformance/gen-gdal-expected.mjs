#!/usr/bin/env node
// Records what GDAL makes of US4MD81M (with its updates) as vector tiles, for tiles-corpus.test.ts:
// the layers of GDAL's own MVT writer at zoom 10, and where it puts each light at zoom 14.
// The test compares our tiles with these values, so it runs without GDAL installed.
// Usage (GDAL with the MVT driver): node server/src/modules/tiles/conformance/gen-gdal-expected.mjs [testdataDir]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';

const here = dirname(fileURLToPath(import.meta.url));
const testdata = process.argv[2] ?? join(here, '../../../../../../shared/testdata');
const cell = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const out = mkdtempSync(join(tmpdir(), 'gdal-mvt-'));

function gdalTiles(zoom, layers) {
  const dir = join(out, `z${zoom}`);
  execFileSync(
    'ogr2ogr',
    ['-f', 'MVT', dir, cell, ...layers, '-dsco', `MINZOOM=${zoom}`, '-dsco', `MAXZOOM=${zoom}`, '-dsco', 'COMPRESS=NO'],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const tiles = [];
  for (const x of readdirSync(join(dir, String(zoom)))) {
    for (const f of readdirSync(join(dir, String(zoom), x))) {
      const y = Number(f.replace('.pbf', ''));
      tiles.push({ x: Number(x), y, tile: new VectorTile(new Pbf(readFileSync(join(dir, String(zoom), x, f)))) });
    }
  }
  return tiles;
}

const layersAtZ10 = new Set();
for (const { tile } of gdalTiles(10, [])) for (const name of Object.keys(tile.layers)) layersAtZ10.add(name);

// Lights as ogrinfo reads them (updates applied), and where GDAL's MVT writer puts them.
const geo = JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', cell, 'LIGHTS'], { maxBuffer: 1 << 26 }).toString());
const lights = [];
const z = 14;
const placed = new Map();
for (const { x, y, tile } of gdalTiles(z, ['LIGHTS'])) {
  const layer = tile.layers.LIGHTS;
  if (!layer) continue;
  for (let i = 0; i < layer.length; i++) {
    const f = layer.feature(i);
    const p = f.loadGeometry()[0][0];
    if (p.x < 0 || p.y < 0 || p.x >= layer.extent || p.y >= layer.extent) continue;
    placed.set(String(f.properties.LNAM), { x, y, px: p.x, py: p.y });
  }
}
for (const f of geo.features) {
  const at = placed.get(f.properties.LNAM);
  if (!at) continue;
  lights.push({ lnam: f.properties.LNAM, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1], z, ...at });
}
rmSync(out, { recursive: true, force: true });

const version = execFileSync('ogrinfo', ['--version']).toString().trim();
const json = JSON.stringify;
writeFileSync(
  join(here, 'gdal-expected.json'),
  [
    '{',
    ` "gdal": ${json(version)},`,
    ` "cell": ${json('US4MD81M (updates 1-3 applied)')},`,
    ` "layersAtZ10": ${json([...layersAtZ10].sort())},`,
    ' "lightsAtZ14": [',
    lights.map((l) => `  ${json(l)}`).join(',\n'),
    ' ]',
    '}',
    '',
  ].join('\n'),
);
console.log(`${layersAtZ10.size} layers at z10, ${lights.length} lights placed at z${z}`);
