import { describe, expect, it } from 'vitest';
import { buildChartSet, coverageTile } from './chart-set.js';
import { geojsonvt } from './geojson-vt.js';
import { INDEX_MAX_ZOOM } from './cell-tile-index.js';
import { TILE_EXTENT, tileRange } from './tile-geometry.js';
import type { MapChartRow } from './tiles.repository.js';

/** A cell row with a jagged coverage outline (many points, so tiles cut it at every zoom). */
function cellRow(id: number, name: string, box: [number, number, number, number]): MapChartRow {
  const [w, s, e, n] = box;
  const ring: number[][] = [];
  const steps = 60;
  for (let i = 0; i <= steps; i++) ring.push([w + ((e - w) * i) / steps, s + (i % 2) * 0.001]);
  for (let i = 1; i <= steps; i++) ring.push([e - (i % 2) * 0.001, s + ((n - s) * i) / steps]);
  for (let i = 1; i <= steps; i++) ring.push([e - ((e - w) * i) / steps, n - (i % 2) * 0.001]);
  for (let i = 1; i <= steps; i++) ring.push([w + (i % 2) * 0.001, n - ((n - s) * i) / steps]);
  return {
    id,
    kind: 's57',
    name,
    band: Number(name.charAt(2)),
    edition: 1,
    update: 0,
    releaseDate: null,
    scale: null,
    west: w,
    south: s,
    east: e,
    north: n,
    coverage: { type: 'MultiPolygon', coordinates: [[ring]] },
    blobKeys: [`cells/${name}.000`],
    updatedAt: new Date(0),
  } as unknown as MapChartRow;
}

describe('chart set coverage', () => {
  const rows = [
    cellRow(1, 'XX3AAAAA', [10, 53.5, 11, 54.5]),
    cellRow(2, 'XX4BBBBB', [10.2, 53.9, 10.5, 54.2]),
    cellRow(3, 'XX5CCCCC', [10.3, 54.0, 10.35, 54.05]),
    // Next to the antimeridian: geojson-vt wraps its outline into the tiles of the other side.
    cellRow(4, 'XX3DDDDD', [179.2, -17.5, 179.999, -16.5]),
    cellRow(5, 'XX3EEEEE', [-179.999, -17.5, -179.2, -16.5]),
  ];
  const set = buildChartSet(7, 'v1', rows);
  // The index the chart set used to keep: every outline, kept for every tile it cut.
  const kept = geojsonvt(
    { type: 'FeatureCollection', features: set.coverage },
    { maxZoom: INDEX_MAX_ZOOM, indexMaxZoom: 4, extent: TILE_EXTENT, buffer: 64 },
  );

  it('gives each tile the outlines one index of the whole set gives, near the antimeridian too', () => {
    let compared = 0;
    let drawn = 0;
    for (const cell of set.cells) {
      const [w, s, e, n] = cell.bbox;
      for (let z = 0; z <= 16; z += 2) {
        // The tiles over each corner and the centre, and one ring of tiles around them.
        for (const [lon, lat] of [
          [w, s],
          [e, n],
          [(w + e) / 2, (s + n) / 2],
        ] as const) {
          const { x0, y0 } = tileRange([lon, lat, lon, lat], z);
          for (let dx = -1; dx <= 1; dx++) {
            for (let dy = -1; dy <= 1; dy++) {
              const x = (x0 + dx + 2 ** z) % 2 ** z;
              const y = y0 + dy;
              if (y < 0 || y >= 2 ** z) continue;
              const expected = kept.getTile(z, x, y)?.features ?? [];
              const got = coverageTile(set, z, x, y)?.features ?? [];
              expect(got, `${z}/${x}/${y}`).toEqual(expected);
              compared += 1;
              if (expected.length > 0) drawn += 1;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(drawn).toBeGreaterThan(150);
  });

  it('gives the same outlines, in the same order, where more cells overlap than one index cuts at a time', () => {
    // 40 overlapping cells, each a little shifted: cut 16 at a time.
    const many = buildChartSet(
      8,
      'v1',
      Array.from({ length: 40 }, (_, i) =>
        cellRow(100 + i, `XX4M${String(i).padStart(4, '0')}`, [10.2 + i * 0.002, 53.9, 10.5 + i * 0.003, 54.2]),
      ),
    );
    const whole = geojsonvt(
      { type: 'FeatureCollection', features: many.coverage },
      { maxZoom: INDEX_MAX_ZOOM, indexMaxZoom: 4, extent: TILE_EXTENT, buffer: 64 },
    );
    let drawn = 0;
    for (const z of [6, 9, 12, 14]) {
      for (const [lon, lat] of [
        [10.2, 53.9],
        [10.35, 54.05],
        [10.5, 54.2],
      ] as const) {
        const { x0, y0 } = tileRange([lon, lat, lon, lat], z);
        const expected = whole.getTile(z, x0, y0)?.features ?? [];
        const got = coverageTile(many, z, x0, y0)?.features ?? [];
        expect(got, `${z}/${x0}/${y0}`).toEqual(expected);
        if (expected.length > 16) drawn += 1;
      }
    }
    expect(drawn).toBeGreaterThan(6);
  });

  it('has nothing where no cell is', () => {
    const { x0, y0 } = tileRange([-40, 30, -40, 30], 10);
    expect(coverageTile(set, 10, x0, y0)).toBeNull();
    expect(kept.getTile(10, x0, y0)?.features ?? []).toEqual([]);
  });
});
