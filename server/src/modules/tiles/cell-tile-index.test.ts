import { describe, expect, it, vi } from 'vitest';
import { buildDemoHarbourCell, buildDemoHarbourUpdate, readCellIndex } from '@chartroom/s57';
import { buildCellTileIndex, buildCellTileIndexSliced, cellTileFeatures, type TileAddress } from './cell-tile-index.js';
import { tileRange } from './tile-geometry.js';

// A window's index (the tile warm's) against the whole cell's, on the demo cell built in code.

const stamp = { cell: 'XX5DEMO1', band: 5, edition: 1, update: 2 };

/** `half` tiles either side of lon/lat at zoom z, as the warm's starting view takes them. */
function around(lon: number, lat: number, z: number, half: number): TileAddress[] {
  const { x0, y0 } = tileRange([lon, lat, lon, lat], z);
  const tiles: TileAddress[] = [];
  for (let x = x0 - half; x <= x0 + half; x++) for (let y = y0 - half; y <= y0 + half; y++) tiles.push({ z, x, y });
  return tiles;
}

describe('cell tile index: a window of tiles', () => {
  const cell = () =>
    readCellIndex(
      buildDemoHarbourCell(),
      [1, 2].map((n) => ({ bytes: buildDemoHarbourUpdate(n), fileName: `XX5DEMO1.00${n}` })),
    );
  const window = [...around(10.05, 54.03, 15, 2), ...around(10.05, 54.03, 14, 1), ...around(10.02, 54.01, 13, 1)];

  it('gives each tile as the whole index does, then holds nothing; a tile twice or outside it is refused', () => {
    const whole = buildCellTileIndex(cell(), stamp);
    const windowed = buildCellTileIndex(cell(), stamp, { window });
    let drawn = 0;
    for (const { z, x, y } of window) {
      const expected = cellTileFeatures(whole, z, x, y);
      expect(cellTileFeatures(windowed, z, x, y), `${z}/${x}/${y}`).toEqual(expected);
      if (expected.length > 0) drawn += 1;
    }
    expect(drawn).toBeGreaterThan(20);
    // Served tiles and the quarters cut on the way down are dropped as soon as no tile to come needs them.
    expect(Object.keys(windowed.index.tiles)).toEqual([]);
    expect(windowed.pending?.size).toBe(0);
    const first = window[0]!;
    expect(() => cellTileFeatures(windowed, first.z, first.x, first.y)).toThrow(/not one still to come/);
    const far = buildCellTileIndex(cell(), stamp, { window });
    expect(() => cellTileFeatures(far, 15, first.x + 10, first.y)).toThrow(/not one still to come/);
  });

  it('keeps what the tiles still to come need: any order gives the same tiles', () => {
    const whole = buildCellTileIndex(cell(), stamp);
    const windowed = buildCellTileIndex(cell(), stamp, { window });
    // Coarse tiles first, then the fine ones under them (the warm asks fine ones first).
    for (const { z, x, y } of [...window].reverse()) {
      expect(cellTileFeatures(windowed, z, x, y), `${z}/${x}/${y}`).toEqual(cellTileFeatures(whole, z, x, y));
    }
    expect(Object.keys(windowed.index.tiles)).toEqual([]);
  });

  it('builds a whole index in slices, letting other work in between, with the same tiles', async () => {
    const whole = buildCellTileIndex(cell(), stamp);
    let pauses = 0;
    // A slow clock: every slice is over at once, so the build pauses after every feature and tile.
    const realNow = performance.now.bind(performance);
    let skew = 0;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + (skew += 20));
    try {
      const sliced = await buildCellTileIndexSliced(cell(), stamp, async () => {
        pauses += 1;
      });
      expect(pauses).toBeGreaterThan(10);
      expect(Object.keys(sliced.index.tiles).sort()).toEqual(Object.keys(whole.index.tiles).sort());
      for (const { z, x, y } of window)
        expect(cellTileFeatures(sliced, z, x, y), `${z}/${x}/${y}`).toEqual(cellTileFeatures(whole, z, x, y));
    } finally {
      spy.mockRestore();
    }
  });
});
