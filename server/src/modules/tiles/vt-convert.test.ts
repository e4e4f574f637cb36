import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildDemoHarbourCell,
  buildDemoHarbourUpdate,
  geoJSONGeometry,
  getCellInfo,
  readCellIndex,
  type CellIndex,
  type Feature,
  type FlatFeature,
  type FlatGeometry,
  type Geometry,
} from '@chartroom/s57';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildCellTileIndex, indexTileFeatures, tileFeaturesNear, VT_OPTIONS } from './cell-tile-index.js';
import { geojsonvt } from './geojson-vt.js';
import { tileRange } from './tile-geometry.js';
import { toVtFeature } from './vt-convert.js';

// The tile index made from our own conversion (vt-convert.ts) against the one geojson-vt makes from
// the GeoJSON itself: every tile must come out the same, feature for feature and vertex for vertex.

const asGeoJSON = (f: FlatFeature): Feature => ({
  type: 'Feature',
  geometry: f.geometry && geoJSONGeometry(f.geometry),
  properties: f.properties,
});

/** A GeoJSON geometry with its lines and rings flat, as the reader gives them. */
function flat(g: Geometry): FlatGeometry {
  switch (g.type) {
    case 'Point':
    case 'MultiPoint':
      return g;
    case 'LineString':
      return { type: g.type, coordinates: g.coordinates.flat() };
    case 'MultiLineString':
    case 'Polygon':
      return { type: g.type, coordinates: g.coordinates.map((r) => r.flat()) };
    case 'MultiPolygon':
      return { type: g.type, coordinates: g.coordinates.map((p) => p.map((r) => r.flat())) };
  }
}

const stamp = { cell: 'XXCELL', band: 4, edition: 1, update: 0 };

/** Tiles of every zoom from `from` to `to` over the box, at most `cap` a zoom (taken evenly). */
function tilesOver(bbox: [number, number, number, number], from: number, to: number, cap: number) {
  const tiles: { z: number; x: number; y: number }[] = [];
  for (let z = from; z <= to; z++) {
    const r = tileRange(bbox, z);
    const all: { z: number; x: number; y: number }[] = [];
    for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) all.push({ z, x, y });
    const step = Math.max(1, Math.floor(all.length / cap));
    for (let i = 0; i < all.length; i += step) tiles.push(all[i]!);
  }
  return tiles;
}

/** Compares the two indexes tile by tile; answers how many tiles held features. */
function expectSameTiles(cell: CellIndex, from: number, to: number, cap: number): number {
  const ours = buildCellTileIndex(cell, stamp);
  const theirs = geojsonvt({ type: 'FeatureCollection', features: [...tileFeaturesNear(cell, stamp)].map(asGeoJSON) }, VT_OPTIONS);
  let drawn = 0;
  for (const { z, x, y } of tilesOver(getCellInfo(cell).bbox!, from, to, cap)) {
    const expected = theirs.getTile(z, x, y)?.features ?? [];
    expect(ours.index.getTile(z, x, y)?.features ?? [], `${z}/${x}/${y}`).toEqual(expected);
    if (expected.length > 0) drawn += 1;
  }
  return drawn;
}

describe('tile index from our own conversion', () => {
  it('cuts the demo cell with its updates into the same tiles as geojson-vt, at every zoom', () => {
    const cell = readCellIndex(
      buildDemoHarbourCell(),
      [1, 2].map((n) => ({ bytes: buildDemoHarbourUpdate(n), fileName: `XX5DEMO1.00${n}` })),
    );
    expect(expectSameTiles(cell, 5, 18, 60)).toBeGreaterThan(200);
  });

  it('converts each geometry as geojson-vt does: projection, importance, size and box', () => {
    const square = (lon: number, lat: number, d: number) => [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon + d / 2, lat + d * 0.999],
      [lon, lat + d],
      [lon, lat],
    ];
    const line = Array.from({ length: 80 }, (_, i) => [10 + i * 0.001, 54 + Math.sin(i / 5) * 0.002]);
    const features: Feature[] = [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [10.5, 54.2] }, properties: { a: 1 } },
      {
        type: 'Feature',
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [10.5, 54.2],
            [10.6, 54.3],
          ],
        },
        properties: { a: 2 },
      },
      { type: 'Feature', geometry: { type: 'LineString', coordinates: line }, properties: { a: 3 } },
      { type: 'Feature', geometry: { type: 'MultiLineString', coordinates: [line, line.slice(3, 9)] }, properties: { a: 4 } },
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(10, 54, 0.5), square(10.1, 54.1, 0.1)] }, properties: { a: 5 } },
      {
        type: 'Feature',
        geometry: { type: 'MultiPolygon', coordinates: [[square(11, 55, 0.2)], [line.concat([line[0]!])]] },
        properties: { a: 6 },
      },
      { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: { a: 7 } },
      { type: 'Feature', geometry: null, properties: { a: 8 } },
    ];
    const theirs = geojsonvt({ type: 'FeatureCollection', features }, { ...VT_OPTIONS, indexMaxZoom: 0 }) as unknown as {
      tiles: Record<string, { source: unknown[] }>;
    };
    const ours = features.flatMap(
      (f) => toVtFeature({ geometry: f.geometry && flat(f.geometry), properties: f.properties }, VT_OPTIONS) ?? [],
    );
    // Typed rings read back as plain numbers, with geojson-vt's size/start/end beside them.
    const plain = (v: unknown): unknown => {
      if (!(v instanceof Float64Array) && !Array.isArray(v)) return v;
      const out = Array.from(v as ArrayLike<unknown>, plain);
      for (const k of ['size', 'start', 'end']) if (k in v) Object.assign(out, { [k]: (v as unknown as Record<string, unknown>)[k] });
      return out;
    };
    expect(ours.map((f) => ({ ...f, geometry: plain(f.geometry) }))).toEqual(theirs.tiles[0]!.source);
    expect(ours.some((f) => (f.geometry as unknown[]).some((r) => r instanceof Float64Array))).toBe(true);
  });

  it('leaves features near the antimeridian to geojson-vt, which copies them to the other side of the world', () => {
    const features: FlatFeature[] = [
      {
        geometry: { type: 'Polygon', coordinates: [[179.9, -17, 179.999, -17, 179.999, -16.9, 179.9, -16.9, 179.9, -17]] },
        properties: { a: 1 },
      },
      { geometry: { type: 'LineString', coordinates: [-179.999, -16.95, -179.95, -16.92, -179.9, -16.97] }, properties: { a: 2 } },
      { geometry: { type: 'Point', coordinates: [10, 54] }, properties: { a: 3 } },
    ];
    const ours = indexTileFeatures(() => features, null);
    const theirs = geojsonvt({ type: 'FeatureCollection', features: features.map(asGeoJSON) }, VT_OPTIONS);
    let wrapped = 0;
    for (const z of [2, 5, 8, 11]) {
      const { y0 } = tileRange([180, -16.95, 180, -16.95], z);
      for (const x of [0, 2 ** z - 1]) {
        const expected = theirs.getTile(z, x, y0)?.features ?? [];
        expect(ours.index.getTile(z, x, y0)?.features ?? [], `${z}/${x}/${y0}`).toEqual(expected);
        // The polygon east of the line drawn in the westmost tile too, and the line in the eastmost.
        if ((x === 0 && expected.some((f) => f.tags.a === 1)) || (x > 0 && expected.some((f) => f.tags.a === 2))) wrapped += 1;
      }
    }
    expect(wrapped).toBe(8);
  });

  it.skipIf(!hasTestdata)('cuts the corpus cells into the same tiles as geojson-vt (US4MD81M with its updates, GB4X0000)', () => {
    const md81 = (ext: string) => readFileSync(testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`));
    const us = readCellIndex(
      md81('000'),
      ['001', '002', '003'].map((e) => ({ bytes: md81(e), fileName: `US4MD81M.${e}` })),
    );
    expect(expectSameTiles(us, 5, 16, 12)).toBeGreaterThan(40);
    const gb = readCellIndex(readFileSync(testdataPath('s57/iho-s64-2.1.1', 'GB4X0000.000')), []);
    expect(expectSameTiles(gb, 5, 15, 12)).toBeGreaterThan(30);
  });
});
