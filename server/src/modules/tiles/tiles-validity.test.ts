import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnChartClasses } from '@chartroom/contracts/map';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { tileRange } from './tile-geometry.js';
import { layerFeatures, tileOf } from './tiles.test-helper.js';

// Every geometry of tiles z7–z16 over the real corpus is valid: by the rules of MVT 2.1 (read from
// the command integers themselves) and by GEOS (GDAL's MVT driver, SQLite dialect, ST_IsValid).

const md81 = (ext: string) => testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`);
const s64 = (name: string) => testdataPath('s57/iho-s64-2.1.1', `${name}.000`);

const hasOgr = spawnSync('ogrinfo', ['--version']).status === 0;
if (hasTestdata && !hasOgr && (process.env.REQUIRE_TESTDATA === '1' || process.env.CI)) {
  throw new Error('the tile validity test needs GDAL (ogrinfo, Debian gdal-bin) when the corpus is required');
}

/** Tiles checked per zoom and collection: every tile up to this many, else this many spread over the box. */
const TILES_PER_ZOOM = 6;

interface RawFeature {
  layer: string;
  type: number;
  geometry: number[];
}

/** The layers and features of an uncompressed tile, geometry as its command integers. */
function readRawTile(buf: Uint8Array): { layers: Map<string, { version: number; extent: number; features: RawFeature[] }> } {
  const layers = new Map<string, { version: number; extent: number; features: RawFeature[] }>();
  const pbf = new Pbf(buf);
  pbf.readFields((tag) => {
    if (tag !== 3) return;
    const layer = { name: '', version: 1, extent: 4096, features: [] as Omit<RawFeature, 'layer'>[] };
    pbf.readMessage((t) => {
      if (t === 1) layer.name = pbf.readString();
      else if (t === 15) layer.version = pbf.readVarint();
      else if (t === 5) layer.extent = pbf.readVarint();
      else if (t === 2) {
        const f = { type: 0, geometry: [] as number[] };
        pbf.readMessage((ft) => {
          if (ft === 3) f.type = pbf.readVarint();
          else if (ft === 4) pbf.readPackedVarint(f.geometry);
        }, null);
        layer.features.push(f);
      }
    }, null);
    layers.set(layer.name, { ...layer, features: layer.features.map((f) => ({ ...f, layer: layer.name })) });
  }, null);
  return { layers };
}

const unzigzag = (n: number) => (n >>> 1) ^ -(n & 1);

/** What is wrong with a feature's geometry by MVT 2.1 §4.3, or null. */
function mvtGeometryFault(f: RawFeature): string | null {
  const g = f.geometry;
  let i = 0;
  let x = 0;
  let y = 0;
  const parts: [number, number][][] = [];
  const closed: boolean[] = [];
  while (i < g.length) {
    const id = g[i]! & 7;
    const count = g[i]! >> 3;
    i += 1;
    if (id === 7) {
      if (count !== 1) return 'ClosePath with a count other than 1';
      if (f.type !== 3) return 'ClosePath outside a polygon';
      closed[parts.length - 1] = true;
      continue;
    }
    if (id !== 1 && id !== 2) return `unknown command ${id}`;
    if (count === 0) return `${id === 1 ? 'MoveTo' : 'LineTo'} with count 0`;
    if (i + 2 * count > g.length) return 'command runs past the geometry';
    if (id === 1 && f.type !== 1 && count !== 1) return 'MoveTo with a count other than 1 in a line or polygon';
    if (id === 2 && parts.length === 0) return 'LineTo before any MoveTo';
    if (id === 2 && f.type === 1) return 'LineTo in a point feature';
    for (let k = 0; k < count; k++) {
      const dx = unzigzag(g[i++]!);
      const dy = unzigzag(g[i++]!);
      if (id === 2 && dx === 0 && dy === 0) return `LineTo of zero length at (${x},${y})`;
      x += dx;
      y += dy;
      if (id === 1 && (f.type !== 1 || parts.length === 0)) parts.push([]);
      parts[parts.length - 1]!.push([x, y]);
    }
  }
  if (parts.length === 0) return 'no geometry';
  if (f.type === 1) return null;
  if (f.type === 2) {
    for (const p of parts) if (p.length < 2) return 'a line of one point';
    return null;
  }
  if (f.type !== 3) return `geometry type ${f.type}`;
  for (let k = 0; k < parts.length; k++) {
    const ring = parts[k]!;
    if (!closed[k]) return 'a ring without ClosePath';
    const distinct = new Set(ring.map((p) => `${p[0]},${p[1]}`));
    if (distinct.size < 3) return `a ring of ${distinct.size} distinct points`;
    const last = ring[ring.length - 1]!;
    if (last[0] === ring[0]![0] && last[1] === ring[0]![1]) return 'a ring repeating its first point before ClosePath';
    let area = 0;
    for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) area += ring[b]![0] * ring[a]![1] - ring[a]![0] * ring[b]![1];
    if (area === 0) return 'a ring of zero area';
    if (k === 0 && area < 0) return 'the first ring is not an exterior ring (negative area)';
  }
  return null;
}

/** GEOS's verdict on every feature of a tile: the invalid ones, as `layer: reason`. */
function geosInvalid(dir: string, tile: Uint8Array, layerNames: string[]): string[] {
  const file = join(dir, 'tile.pbf');
  writeFileSync(file, tile);
  const sql = layerNames
    .map((l) => `SELECT '${l}' AS layer, ST_IsValidReason(geometry) AS reason FROM "${l}" WHERE NOT ST_IsValid(geometry)`)
    .join(' UNION ALL ');
  const out = execFileSync('ogrinfo', ['-ro', '-q', '-dialect', 'SQLite', '-sql', sql, file], {
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString();
  const invalid: string[] = [];
  let layer = '';
  for (const line of out.split('\n')) {
    const l = /^\s*layer \(String\) = (.*)$/.exec(line);
    if (l) layer = l[1]!;
    const r = /^\s*reason \(String\) = (.*)$/.exec(line);
    if (r) invalid.push(`${layer}: ${r[1]}`);
  }
  return invalid;
}

/** The tiles of a box at zoom z: all of them when few, else `TILES_PER_ZOOM` spread along its diagonals. */
function sampleTiles(bbox: [number, number, number, number], z: number): [number, number][] {
  const r = tileRange(bbox, z);
  const all: [number, number][] = [];
  for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) all.push([x, y]);
  if (all.length <= TILES_PER_ZOOM) return all;
  const picked = new Map<string, [number, number]>();
  for (let k = 0; k < TILES_PER_ZOOM; k++) {
    const f = (k + 0.5) / TILES_PER_ZOOM;
    const x = Math.round(r.x0 + f * (r.x1 - r.x0));
    const y = Math.round(k % 2 === 0 ? r.y0 + f * (r.y1 - r.y0) : r.y1 - f * (r.y1 - r.y0));
    picked.set(`${x}/${y}`, [x, y]);
  }
  return [...picked.values()];
}

describe.skipIf(!hasTestdata)('chart map tiles are valid geometry at every zoom', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    dir = mkdtempSync(join(tmpdir(), 'tiles-validity-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  async function collection(title: string, paths: string[]) {
    const p = await loginProvider(t, title);
    const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      ...fileParts('files', paths),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${up.json().guid}`, headers: p.headers });
    expect(applied.statusCode).toBe(200);
    const taskId = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json()
      .taskId as string;
    const view = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    return { taskId, bbox: view.bbox as [number, number, number, number] };
  }

  async function checkCollection(c: { taskId: string; bbox: [number, number, number, number] }, also: [number, number][] = []) {
    const faults: string[] = [];
    const geos: string[] = [];
    const drawn = new Set<string>(drawnChartClasses);
    const undrawn = new Set<string>();
    const hidden: string[] = [];
    let features = 0;
    let tiles = 0;
    for (let z = 7; z <= 16; z++) {
      const extra = also.map(([lon, lat]) => tileOf(lon, lat, z)).map((p): [number, number] => [p.x, p.y]);
      for (const [x, y] of [...sampleTiles(c.bbox, z), ...extra]) {
        const res = await t.app.inject({ method: 'GET', url: `/tiles/${z}/${x}/${y}.pbf?taskId=${c.taskId}` });
        expect([200, 204]).toContain(res.statusCode);
        if (res.statusCode === 204) continue;
        const raw = gunzipSync(res.rawPayload);
        const { layers } = readRawTile(raw);
        tiles += 1;
        // Nothing the style hides at this tile's zoom (SCAMIN: drawn from `minzoom` on).
        const decoded = new VectorTile(new Pbf(raw));
        for (const name of Object.keys(decoded.layers)) {
          for (const f of layerFeatures(decoded, name)) {
            const minzoom = f.properties.minzoom;
            if (typeof minzoom === 'number' && minzoom >= z + 1) hidden.push(`${z}/${x}/${y} ${name} minzoom ${minzoom}`);
          }
        }
        for (const [name, layer] of layers) {
          if (!drawn.has(name)) undrawn.add(name);
          expect({ version: layer.version, extent: layer.extent }).toEqual({ version: 2, extent: 4096 });
          for (const f of layer.features) {
            features += 1;
            const fault = mvtGeometryFault(f);
            if (fault) faults.push(`${z}/${x}/${y} ${name}: ${fault}`);
          }
        }
        if (hasOgr) for (const bad of geosInvalid(dir, raw, [...layers.keys()])) geos.push(`${z}/${x}/${y} ${bad}`);
      }
    }
    return { faults, geos, features, tiles, undrawn: [...undrawn], hidden };
  }

  it('US4MD81M with its updates, z7–z16: no MVT 2.1 fault and no feature GEOS finds invalid', async () => {
    const c = await collection('Validity MD', [md81('000'), md81('001'), md81('002'), md81('003')]);
    const r = await checkCollection(c);
    expect(r.tiles).toBeGreaterThan(30);
    expect(r.features).toBeGreaterThan(5000);
    expect(r.undrawn, 'layers the style never draws').toEqual([]);
    expect(r.hidden.slice(0, 5), 'features the style hides at the zoom').toEqual([]);
    expect(r.faults.slice(0, 20), `${r.faults.length} of ${r.features} features`).toEqual([]);
    expect(r.geos.slice(0, 20), `${r.geos.length} of ${r.features} features`).toEqual([]);
  }, 180_000);

  it('the S-64 cells quilted, z7–z16: no MVT 2.1 fault and no feature GEOS finds invalid', async () => {
    const c = await collection('Validity S-64', ['GB4X0000', 'GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW', 'GB5X02SE'].map(s64));
    // Also where the quilt clips the approach cell along GB5X01SW's western edge.
    const r = await checkCollection(c, [
      [60.8735, -32.53],
      [60.87, -32.56],
    ]);
    expect(r.tiles).toBeGreaterThan(30);
    expect(r.undrawn, 'layers the style never draws').toEqual([]);
    expect(r.hidden.slice(0, 5), 'features the style hides at the zoom').toEqual([]);
    expect(r.faults.slice(0, 20), `${r.faults.length} of ${r.features} features`).toEqual([]);
    expect(r.geos.slice(0, 20), `${r.geos.length} of ${r.features} features`).toEqual([]);
  }, 180_000);
});
