import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import type { CellMeta } from './cell-meta.js';
import { upsertChart, upsertCollection } from './charts.repository.js';
import { loginProvider } from './charts.test-helper.js';

// Fresh-clone tests: a national set's rows written through the repository, as an apply leaves them.
describe('a collection of many cells: the list in pages, the map task small', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof loginProvider>>;
  // A square coverage with a point every 0.01° along its sides, as M_COVR rings carry (edges met by other features).
  const side = (from: [number, number], to: [number, number]) =>
    Array.from({ length: 10 }, (_, i) => [from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10]);
  const ring = (x: number, y: number) => [
    ...side([x, y], [x + 0.1, y]),
    ...side([x + 0.1, y], [x + 0.1, y + 0.1]),
    ...side([x + 0.1, y + 0.1], [x, y + 0.1]),
    ...side([x, y + 0.1], [x, y]),
    [x, y],
  ];
  const meta = (i: number): CellMeta => ({
    edition: 2,
    update: i % 3,
    releaseDate: '2026-03-01',
    scale: 22000,
    band: 5,
    description: `Harbour ${i}`,
    bbox: [i, 10, i + 0.1, 10.1],
    coverage: { type: 'MultiPolygon', coordinates: [[ring(i, 10)]] },
  });

  beforeAll(async () => {
    t = await buildTestApp();
    p = await loginProvider(t, 'National Office');
    const collection = await upsertCollection(t.database.db, { geocontentId: p.gcId, kind: 'enc', type: 's57' });
    for (let i = 0; i < 130; i++) {
      await upsertChart(t.database.db, {
        collectionId: collection.id,
        name: `GB5N${String(i).padStart(4, '0')}`,
        sourceType: 's57',
        blobKeys: [`charts/${p.gcId}/GB5N${i}/x/GB5N${i}.000`],
        meta: meta(i),
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) =>
    t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}${query}`, headers: p.headers });

  it('answers every chart without paging parameters, as before, with the total', async () => {
    const all = (await list('')).json();
    expect(all.charts).toHaveLength(130);
    expect(all.total).toBe(130);
    expect(all.charts[0]).toMatchObject({ name: 'GB5N0000', edition: 2, update: 0, band: 5, bbox: [0, 10, 0.1, 10.1], previewUrl: null });
    expect(all.charts[0]).not.toHaveProperty('coverage');
  });

  it('answers a page by name, and the charts whose name holds a part, case ignored', async () => {
    const page = (await list('&offset=50&limit=50')).json();
    expect(page.total).toBe(130);
    expect(page.charts.map((c: { name: string }) => c.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `GB5N${String(50 + i).padStart(4, '0')}`),
    );
    const last = (await list('&offset=100&limit=50')).json();
    expect(last.charts).toHaveLength(30);
    expect(last.total).toBe(130);
    // Past the end: no chart, and still how many there are.
    expect((await list('&offset=200&limit=50')).json()).toMatchObject({ total: 130, charts: [] });

    const named = (await list('&limit=5&name=n012')).json();
    expect(named.total).toBe(10);
    expect(named.charts.map((c: { name: string }) => c.name)).toEqual(['GB5N0120', 'GB5N0121', 'GB5N0122', 'GB5N0123', 'GB5N0124']);
    // LIKE's wildcards are letters like any other.
    expect((await list('&limit=5&name=%25')).json()).toMatchObject({ total: 0, charts: [] });
    expect((await list('&limit=5&name=_')).json().total).toBe(0);
  });

  it('refuses a page too large or a negative offset with a clear 400', async () => {
    const big = await list('&limit=501');
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json())).toContain('at most 500');
    expect((await list('&offset=-1&limit=10')).statusCode).toBe(400);
  });

  it("draws every cell's coverage below zoom 7 from the database rows alone (no chart file is read)", async () => {
    // The rows' files were never stored: a tile that read one would fail.
    const { taskId } = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json();
    const tile = await t.app.inject({ method: 'GET', url: `/tiles/6/32/30.pbf?taskId=${taskId}` });
    expect(tile.statusCode).toBe(200);
    const mvt = gunzipSync(tile.rawPayload).toString('latin1');
    expect(mvt).toContain('M_COVR');
    expect(mvt).toContain('GB5N0000');
    expect(mvt).toContain('GB5N0005');
  });

  it("sends the map each cell's coverage without the points on its straight sides", async () => {
    const { taskId } = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json();
    const task = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    expect(task.cells).toHaveLength(130);
    const outline = task.cells[3].coverage[0][0] as number[][];
    expect(outline).toHaveLength(5);
    expect(outline.map(([x, y]) => [Number(x!.toFixed(9)), Number(y!.toFixed(9))])).toEqual([
      [3, 10],
      [3.1, 10],
      [3.1, 10.1],
      [3, 10.1],
      [3, 10],
    ]);
  });
});
