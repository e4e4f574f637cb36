import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoHarbourCell, DEMO_CELL_NAME, readS57, toGeoJSON } from '@chartroom/s57';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { mapTasks } from '../../db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import { loginProvider } from '../charts/charts.test-helper.js';
import { decodeTile, layerFeatures, pointOf, tileOf } from './tiles.test-helper.js';

// Runs on a fresh clone: the demo harbour cell is written in code by packages/s57.
describe('chart map tiles of the demo harbour cell', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof loginProvider>>;
  let taskId: string;
  const demo = toGeoJSON(readS57(buildDemoHarbourCell(), { fileName: `${DEMO_CELL_NAME}.000` }));
  const light = demo.features.find((f) => f.properties.layer === 'LIGHTS' && f.properties.OBJNAM === 'Demo Harbour Light')!;
  const [lightLon, lightLat] = (light.geometry as { coordinates: number[] }).coordinates as [number, number];

  beforeAll(async () => {
    t = await buildTestApp();
    p = await loginProvider(t, 'Demo Tiles Office');
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
    taskId = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json().taskId;
  });
  afterAll(() => t.close());

  const tileUrl = (z: number, x: number, y: number, id = taskId) => `/tiles/${z}/${x}/${y}.pbf?taskId=${id}`;

  it('describes the task: the cell, the start view at zoom 15 on it, a version and a 12-hour expiry', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      taskId,
      gcid: p.gcId,
      cells: [{ name: DEMO_CELL_NAME, band: 5, edition: 1, update: 0, issueDate: '2024-01-05', scale: 12000 }],
      s102: [],
    });
    expect(view.start).toEqual({ lon: expect.closeTo(10.05, 6), lat: expect.closeTo(54.03, 6), zoom: 15 });
    expect(view.bbox).toEqual([expect.closeTo(10, 6), expect.closeTo(54, 6), expect.closeTo(10.1, 6), expect.closeTo(54.06, 6)]);
    expect(Date.parse(view.expiresAt) - Date.parse(view.createdAt)).toBe(12 * 3600_000);
    expect(view.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('serves a gzip MVT with one layer per class, attributes by acronym and the light where the cell puts it', async () => {
    // At zoom 10 the whole cell is in one tile.
    const { x, y, px, py } = tileOf(lightLon, lightLat, 10);
    expect(tileOf(10, 54, 10)).toMatchObject({ x, y });
    expect(tileOf(10.1, 54.06, 10)).toMatchObject({ x, y });
    const res = await t.app.inject({ method: 'GET', url: tileUrl(10, x, y) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toMatch(/^"t\d+-[0-9a-f]{16}"$/);
    expect(res.headers['cache-control']).toContain('private');
    const tile = decodeTile(res.rawPayload);
    expect(Object.keys(tile.layers).sort()).toEqual([
      'BOYCAR',
      'BOYLAT',
      'COALNE',
      'DEPARE',
      'DEPCNT',
      'LIGHTS',
      'LNDARE',
      'M_COVR',
      'SOUNDG',
    ]);
    expect(tile.layers.DEPARE!.extent).toBe(4096);
    expect(tile.layers.DEPARE!.version).toBe(2);
    expect(layerFeatures(tile, 'SOUNDG')).toHaveLength(5);
    expect(
      layerFeatures(tile, 'SOUNDG')
        .map((f) => f.properties.DEPTH)
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual([3.2, 7.4, 8.1, 12.5, 17.3]);
    const lights = layerFeatures(tile, 'LIGHTS');
    const harbour = lights.find((f) => f.properties.OBJNAM === 'Demo Harbour Light')!;
    expect(harbour.properties).toMatchObject({
      cell: DEMO_CELL_NAME,
      band: 5,
      edition: 1,
      update: 0,
      COLOUR: '1',
      LITCHR: '2',
      SIGPER: 5,
      VALNMR: 10,
      HEIGHT: 12,
    });
    const [lx, ly] = pointOf(harbour);
    expect(Math.abs(lx - px)).toBeLessThanOrEqual(1);
    expect(Math.abs(ly - py)).toBeLessThanOrEqual(1);
    const north = layerFeatures(tile, 'BOYCAR')[0]!;
    expect(north.properties).toMatchObject({ COLOUR: '2,6', CATCAM: '1', OBJNAM: 'Demo North' });
    expect(layerFeatures(tile, 'M_COVR')[0]!.properties).toMatchObject({ CATCOV: '1', cell: DEMO_CELL_NAME, band: 5 });
    expect(layerFeatures(tile, 'DEPARE')).toHaveLength(3);

    // Closer in, the light is still where the cell puts it.
    const near = tileOf(lightLon, lightLat, 16);
    const zoomed = decodeTile((await t.app.inject({ method: 'GET', url: tileUrl(16, near.x, near.y) })).rawPayload);
    const [zx, zy] = pointOf(layerFeatures(zoomed, 'LIGHTS').find((f) => f.properties.OBJNAM === 'Demo Harbour Light')!);
    expect(Math.abs(zx - near.px)).toBeLessThanOrEqual(1);
    expect(Math.abs(zy - near.py)).toBeLessThanOrEqual(1);
  });

  it('carries only coverage below zoom 7 and answers 204 where there is nothing', async () => {
    const low = tileOf(lightLon, lightLat, 5);
    const res = await t.app.inject({ method: 'GET', url: tileUrl(5, low.x, low.y) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(decodeTile(res.rawPayload).layers)).toEqual(['M_COVR']);
    const empty = await t.app.inject({ method: 'GET', url: tileUrl(14, 0, 0) });
    expect(empty.statusCode).toBe(204);
    expect(empty.headers.etag).toBeDefined();
    expect(empty.body).toBe('');
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 after the collection changes', async () => {
    const { x, y } = tileOf(lightLon, lightLat, 15);
    const first = await t.app.inject({ method: 'GET', url: tileUrl(15, x, y) });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: tileUrl(15, x, y), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    // A new edition of the cell changes the version: the old copy is no longer current.
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
    const changed = await t.app.inject({ method: 'GET', url: tileUrl(15, x, y), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers 404 for an unknown, expired or other provider's task, and 400 for a tile that cannot exist", async () => {
    const { x, y } = tileOf(lightLon, lightLat, 14);
    expect((await t.app.inject({ method: 'GET', url: tileUrl(14, x, y, 'f'.repeat(32)) })).statusCode).toBe(404);
    const other = await loginProvider(t, 'Other Office');
    const foreign = await t.app.inject({ method: 'GET', url: tileUrl(14, x, y), headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: tileUrl(3, 8, 0) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('3/8/0');

    const old = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json().taskId;
    await t.database.db
      .update(mapTasks)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(mapTasks.taskId, old));
    expect((await t.app.inject({ method: 'GET', url: tileUrl(14, x, y, old) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${old}`, headers: p.headers })).statusCode).toBe(404);
  });

  it('serves the S-57 object catalogue with enumeration values in words', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map/object-catalogue' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const cat = res.json();
    expect(cat.classes.DEPARE).toBe('Depth area');
    expect(cat.attributes.CATCOV).toMatchObject({
      name: 'Category of coverage',
      type: 'E',
      values: { 1: 'coverage available', 2: 'no coverage available' },
    });
    expect(cat.attributes.DRVAL1).toMatchObject({ type: 'F', unit: 'm' });
    expect(cat.attributes.COLOUR.values['3']).toBe('red');
  });
});
