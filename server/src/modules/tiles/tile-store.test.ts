import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { fileParts, loginProvider, postFiles } from '../charts/charts.test-helper.js';
import type { TileAddress } from './cell-tile-index.js';
import { tileRange } from './tile-geometry.js';
import { TileStore } from './tile-store.js';
import { startingViewTiles, tileWarmJob } from './tile-warm.job.js';
import { findChartVersion, listMapCharts } from './tiles.repository.js';
import { decodeTile, layerFeatures, tileOf } from './tiles.test-helper.js';

describe('tile store: bounded memory and the warm job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function geocontentWithDemoCell(title: string) {
    const p = await loginProvider(t, title);
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
    return p.gcId;
  }
  async function chartSetOf(store: TileStore, gcId: number) {
    return store.chartSet(gcId, await findChartVersion(t.database.db, gcId), () => listMapCharts(t.database.db, gcId));
  }

  it('keeps cell indexes within its byte budget, rebuilding an evicted one when asked again', async () => {
    const gcA = await geocontentWithDemoCell('Budget A');
    const gcB = await geocontentWithDemoCell('Budget B');
    const { x, y } = tileOf(10.05, 54.03, 14);
    // The size of one index, then a budget that holds one and a half of them.
    const roomy = new TileStore(t.app.blobs, 64 * 1024 * 1024);
    await roomy.vectorTile(await chartSetOf(roomy, gcA), 14, x, y);
    const indexBytes = roomy.heldBytes().sources;
    roomy.close();
    const budget = Math.ceil((indexBytes * 1.5) / 0.75);
    const store = new TileStore(t.app.blobs, budget);
    const a = await chartSetOf(store, gcA);
    const b = await chartSetOf(store, gcB);
    const depthAreas = async (set: typeof a) => layerFeatures(decodeTile((await store.vectorTile(set, 14, x, y)).body!), 'DEPARE').length;

    const fromA = await depthAreas(a);
    expect(fromA).toBeGreaterThan(0);
    expect(store.heldBytes().sources).toBe(indexBytes);
    await depthAreas(b);
    // Two indexes do not fit in three quarters of the budget: A's was dropped for B's.
    expect(store.heldBytes().sources).toBeLessThanOrEqual(budget * 0.75);
    // A tile of A not made before needs A's index again: it is rebuilt and the tile is whole.
    const other = tileOf(10.05, 54.03, 15);
    const again = decodeTile((await store.vectorTile(a, 15, other.x, other.y)).body!);
    expect(layerFeatures(again, 'DEPARE').length).toBeGreaterThan(0);
    expect(store.heldBytes().sources).toBeLessThanOrEqual(budget * 0.75);
    store.close();
  });

  it("warms the tiles of the starting view after a change, and drops the old version's tiles", async () => {
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024);
    const gcId = await geocontentWithDemoCell('Warm Office');
    const old = await chartSetOf(store, gcId);
    const start = tileOf(10.05, 54.03, 15);
    await store.vectorTile(old, 15, start.x, start.y);
    expect(store.hasTile(old, 'pbf', 15, start.x, start.y)).toBe(true);

    await seedDemoHarbourCollection(t.database.db, t.app.blobs, gcId);
    const held = store.heldBytes().sources;
    const result = (await tileWarmJob({ db: t.database.db, store })({ gcId }, { db: t.database.db, log: t.app.log, job: {} as never })) as {
      warmed: number;
      indexed: number;
    };
    expect(result.warmed).toBeGreaterThanOrEqual(9);
    // The cell's whole index is kept: a tile away from the starting view is cut from it at once.
    expect(result.indexed).toBe(1);
    expect(store.heldBytes().sources).toBeGreaterThan(held);
    const fresh = await chartSetOf(store, gcId);
    expect(fresh.version).not.toBe(old.version);
    expect(store.hasTile(fresh, 'pbf', 15, start.x, start.y)).toBe(true);
    expect(store.hasTile(fresh, 'pbf', 14, tileOf(10.05, 54.03, 14).x, tileOf(10.05, 54.03, 14).y)).toBe(true);
    expect(store.hasTile(old, 'pbf', 15, start.x, start.y)).toBe(false);
    store.close();
  });

  it.skipIf(!hasTestdata)(
    'warms with indexes of the tiles alone: the same tiles as whole cell indexes give, quilted cells and their edges included',
    async () => {
      const p = await loginProvider(t, 'Warm Window Office');
      const paths = [
        ...['000', '001', '002', '003'].map((e) => testdataPath('s57/noaa-US4MD81M', `US4MD81M.${e}`)),
        ...['GB4X0000', 'GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW', 'GB5X02SE'].map((n) =>
          testdataPath('s57/iho-s64-2.1.1', `${n}.000`),
        ),
      ];
      const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
        ...fileParts('files', paths),
        { name: 'gcid', value: String(p.gcId) },
      ]);
      expect(up.statusCode).toBe(200);
      const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${up.json().guid}`, headers: p.headers });
      expect(applied.statusCode).toBe(200);

      const whole = new TileStore(t.app.blobs, 1024 * 1024 * 1024);
      const warm = new TileStore(t.app.blobs, 1024 * 1024 * 1024);
      const set = await chartSetOf(whole, p.gcId);
      const warmSet = await chartSetOf(warm, p.gcId);
      // The starting view, and 3×3 tiles around every cell's south-west corner (zoom 12), its
      // north-east corner and its centre (zoom 14): cells whole, clipped by better cells, and cut.
      const windows: TileAddress[][] = [startingViewTiles(set)];
      const around = (lon: number, lat: number, z: number) => {
        const { x0, y0 } = tileRange([lon, lat, lon, lat], z);
        return [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ({ z, x: x0 + dx, y: y0 + dy })));
      };
      for (const cell of set.cells) {
        const [w, s, e, n] = cell.bbox;
        windows.push(around(w, s, 12), around(e, n, 14), around((w + e) / 2, (s + n) / 2, 14));
      }
      let compared = 0;
      let drawn = 0;
      for (const tiles of windows) {
        await warm.warmVectorTiles(warmSet, tiles);
        for (const { z, x, y } of tiles) {
          expect(warm.hasTile(warmSet, 'pbf', z, x, y)).toBe(true);
          const expected = (await whole.vectorTile(set, z, x, y)).body;
          const got = (await warm.vectorTile(warmSet, z, x, y)).body;
          expect(got && gunzipSync(got), `${z}/${x}/${y}`).toEqual(expected && gunzipSync(expected));
          compared += 1;
          if (expected) drawn += 1;
        }
        // No whole cell index was built for the warm.
        expect(warm.heldBytes().sources).toBe(0);
      }
      expect(compared).toBeGreaterThan(180);
      expect(drawn).toBeGreaterThan(100);
      whole.close();
      warm.close();
    },
    600_000,
  );
});
