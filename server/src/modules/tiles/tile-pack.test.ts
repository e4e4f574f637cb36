import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDemoHarbourCell, buildDemoHarbourUpdate, getCellInfo, readCellIndex, type CellIndex, type FlatFeature } from '@chartroom/s57';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { cellTileFeatures, indexTileFeatures, tileFeaturesNear } from './cell-tile-index.js';
import { bucketZoomOf, encodeTilePack, packKeyOf } from './tile-pack.js';
import { memoryPackRead, TilePack } from './tile-pack-reader.js';
import { tileRange } from './tile-geometry.js';
import { cleanTileFeature } from './tile-clean.js';
import { isDrawnAtTileZoom } from './vector-tile.js';

// A cell's tile pack gives every tile as the cell's whole geojson-vt index does: from zoom 16 the
// same features, in the same order, with the same geometry and tags (of those drawn at the tile's
// zoom); below it (`detailFor`: vertices drawn down to two zooms deeper) the same features with the
// same tags and every vertex inside the tile the same, only where a line crosses the edge of the
// buffer may differ.

type Feature = ReturnType<typeof cellTileFeatures>[number];
/** -0 (a rounded coordinate) as 0, as the tile's integers hold it. */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
const cleaned = (features: Feature[]) => features.map((f) => cleanTileFeature(structuredClone(f))).filter((f) => f !== null);
const inside = (p: number[]) => p[0]! >= 0 && p[0]! <= 4096 && p[1]! >= 0 && p[1]! <= 4096;
/** What a tile draws of its features: each feature's tags and its positions inside the tile, in order. */
function drawnOf(features: Feature[]) {
  return features
    .map((f) => {
      const points = (f.type === 1 ? (f.geometry as unknown as number[][]) : (f.geometry as unknown as number[][][]).flat()).filter(inside);
      return { type: f.type, tags: f.tags, points };
    })
    .filter((f) => f.points.length > 0);
}

async function expectSameTiles(
  ds: CellIndex,
  stamp: { cell: string; band: number; edition: number; update: number },
  zooms: number[],
  every = 1,
) {
  return expectSameTilesOf(() => tileFeaturesNear(ds, stamp), getCellInfo(ds).bbox!, zooms, every);
}

async function expectSameTilesOf(
  features: () => Iterable<FlatFeature>,
  bbox: [number, number, number, number],
  zooms: number[],
  every = 1,
) {
  const bytes = encodeTilePack(features());
  expect(bytes).not.toBeNull();
  const pack = (await TilePack.open(memoryPackRead(bytes!)))!;
  const whole = indexTileFeatures(features, null);
  let compared = 0;
  let drawn = 0;
  for (const z of zooms) {
    const r = tileRange(bbox, z);
    let k = 0;
    for (let x = r.x0 - 1; x <= r.x1 + 1; x++) {
      for (let y = r.y0 - 1; y <= r.y1 + 1; y++) {
        if (k++ % every !== 0) continue;
        const expected = cellTileFeatures(whole, z, x, y).filter((f) => isDrawnAtTileZoom(f.tags, z));
        const got = await pack.tileFeatures(z, x, y);
        if (z <= pack.bucketZoom) {
          // Made ahead: as the tile draws them, each made valid (what the MVT writer does to the index's).
          expect(plain(got), `${z}/${x}/${y}`).toEqual(plain(cleaned(expected)));
          expect(cleaned(got)).toEqual(got);
          compared += 1;
          if (expected.length > 0) drawn += 1;
          continue;
        }
        if (z >= 16) expect(got, `${z}/${x}/${y}`).toEqual(expected);
        else expect(drawnOf(got), `${z}/${x}/${y}`).toEqual(drawnOf(expected));
        compared += 1;
        if (expected.length > 0) drawn += 1;
      }
    }
  }
  return { compared, drawn, bytes: bytes!.length, count: pack.count, bucketZoom: pack.bucketZoom };
}

describe('tile pack', () => {
  it('gives every tile of the demo cell (with its updates) as its whole index does, zooms 7–18 (made ahead to 12, exactly from 16)', async () => {
    const ds = readCellIndex(
      buildDemoHarbourCell(),
      [1, 2].map((n) => ({ bytes: buildDemoHarbourUpdate(n), fileName: `XX5DEMO1.00${n}` })),
    );
    const { compared, drawn } = await expectSameTiles(
      ds,
      { cell: 'XX5DEMO1', band: 5, edition: 1, update: 2 },
      [7, 9, 11, 12, 13, 14, 15, 16, 17, 18],
    );
    expect(drawn).toBeGreaterThan(50);
    expect(compared).toBeGreaterThan(drawn);
  });

  it('cuts a cell spanning 20 degrees (an overview) to a shallower bucket zoom, with its tiles as its whole index gives them', async () => {
    // A wavy island with a lake, a long wavy line, and points, one with a SCAMIN of its own.
    const ring = (cx: number, cy: number, r: number, n: number, turn: 1 | -1) => {
      const out: number[] = [];
      for (let i = 0; i <= n; i++) {
        const a = (turn * 2 * Math.PI * (i % n)) / n;
        const rr = r * (1 + 0.15 * Math.sin(9 * a));
        out.push(cx + rr * Math.cos(a), cy + 0.8 * rr * Math.sin(a));
      }
      return out;
    };
    const wave = Array.from({ length: 1500 }, (_, i) => [-39 + i * 0.012, 44 + 2 * Math.sin(i / 40)]).flat();
    const features = (): FlatFeature[] => [
      {
        geometry: { type: 'Polygon', coordinates: [ring(-30, 50, 8, 3000, 1), ring(-31, 51, 2, 400, -1)] },
        properties: { layer: 'LNDARE', OBJL: 71 },
      },
      { geometry: { type: 'LineString', coordinates: wave }, properties: { layer: 'COALNE', OBJL: 30 } },
      ...Array.from({ length: 60 }, (_, i) => ({
        geometry: { type: 'Point' as const, coordinates: [-39 + (i % 10) * 1.9, 42 + Math.floor(i / 10) * 2.4] },
        properties: { layer: 'LIGHTS', OBJL: 75, ...(i % 7 === 0 ? { minzoom: 9 } : {}) },
      })),
    ];
    const bbox: [number, number, number, number] = [-40, 42, -20, 58];
    const { compared, drawn, bucketZoom } = await expectSameTilesOf(features, bbox, [7, 8, 9], 1);
    const deep = await expectSameTilesOf(features, bbox, [10, 11, 13], 7);
    expect(bucketZoom).toBeLessThan(12);
    expect(bucketZoom).toBeGreaterThanOrEqual(7);
    expect(drawn + deep.drawn).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(drawn);
    // The bucket zoom: 12 for an approach cell, shallower as a cell spans more tiles there.
    expect(bucketZoomOf([0.28, 0.38, 0.281, 0.381])).toBe(12);
    expect(bucketZoomOf([0.1, 0.1, 0.2, 0.2])).toBe(8);
  });

  it('opens a pack by its header alone, and reads a bucket’s part of the table once, with its first tile', async () => {
    const ds = readCellIndex(buildDemoHarbourCell(), []);
    const bytes = encodeTilePack(tileFeaturesNear(ds, { cell: 'XX5DEMO1', band: 5, edition: 1, update: 0 }))!;
    let calls = 0;
    let read = 0;
    const memory = memoryPackRead(bytes);
    const pack = (await TilePack.open((start, length, into) => {
      calls++;
      read += length;
      return memory(start, length, into);
    }))!;
    // Its first 4 KB (the header) and its last byte (that it is whole), none of its table.
    expect(calls).toBe(2);
    expect(read).toBeLessThanOrEqual(4097);
    // A tile one zoom deeper than the buckets, with features: its bucket's boxes, offsets and minzooms, then its records.
    const bbox = getCellInfo(ds).bbox!;
    const z = pack.bucketZoom + 1;
    const r = tileRange(bbox, z);
    const x = (r.x0 + r.x1) >> 1;
    const y = (r.y0 + r.y1) >> 1;
    calls = 0;
    const first = await pack.tileFeatures(z, x, y);
    const firstCalls = calls;
    calls = 0;
    const again = await pack.tileFeatures(z, x, y);
    expect(first.length).toBeGreaterThan(0);
    expect(again).toEqual(first);
    expect(firstCalls - calls).toBe(3);
  });

  it('refuses what is not a pack of its format or is cut short, and names each cell version’s blob', async () => {
    expect(await TilePack.open(memoryPackRead(new Uint8Array(100)))).toBeNull();
    const ds = readCellIndex(buildDemoHarbourCell(), []);
    const bytes = encodeTilePack(tileFeaturesNear(ds, { cell: 'XX5DEMO1', band: 5, edition: 1, update: 0 }))!;
    expect(await TilePack.open(memoryPackRead(bytes))).not.toBeNull();
    expect(await TilePack.open(memoryPackRead(bytes.subarray(0, bytes.length - 1)))).toBeNull();
    expect(packKeyOf({ key: '12:1700000000000' })).toBe('tiles/packs/v2/12-1700000000000.pack');
    expect(packKeyOf({ key: 's101-3:17' })).toBe('tiles/packs/v2/s101-3-17.pack');
  });

  it.skipIf(!hasTestdata)('gives the tiles of US4MD81M with its updates as its whole index does, zooms 7–16 (exactly at 16)', async () => {
    const md81 = (ext: string) => readFileSync(testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`));
    const ds = readCellIndex(
      md81('000'),
      ['001', '002', '003'].map((e) => ({ bytes: md81(e), fileName: `US4MD81M.${e}` })),
    );
    const stamp = { cell: 'US4MD81M', band: 4, edition: 1, update: 3 };
    const { drawn } = await expectSameTiles(ds, stamp, [7, 8, 9, 10, 11, 12], 1);
    const deep = await expectSameTiles(ds, stamp, [14, 16], 37);
    expect(drawn + deep.drawn).toBeGreaterThan(100);
  });
});
