import { buildDemoS101Dataset, buildDemoS101Update, DEMO_S101_NAME } from '@chartroom/s101';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { decodeTile, layerFeatures, tileOf } from './tiles.test-helper.js';

// An S-101 dataset uploaded with adds100 is drawn on the chart map through the same tile pipeline
// as S-57 cells, by its S-57 view (decision 0022): coverage, depth areas with their depths, land,
// coastline, contours, soundings and navigation aids, under the S-57 layer names the style knows.
describe('S-101 datasets on the chart map', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof loginProvider>>;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await loginProvider(t, 'S-101 Map Office');
  });
  afterAll(() => t.close());

  const upload = (filename: string, data: Uint8Array) =>
    postFiles(t, '/api/geocontent/adds100', p.headers, [
      { name: 'files', filename, data },
      { name: 'gcid', value: String(p.gcId) },
    ]);

  it('draws the demo dataset in S-57 layers, and a new update in the next version of the tiles', async () => {
    expect((await upload(`${DEMO_S101_NAME}.000`, buildDemoS101Dataset())).statusCode).toBe(200);
    const taskId = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json().taskId;
    const view = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    expect(view.cells).toEqual([expect.objectContaining({ name: DEMO_S101_NAME, edition: 1, update: 0, issueDate: '2024-03-01' })]);
    expect(view.bbox).toEqual([expect.closeTo(10, 6), expect.closeTo(54, 6), expect.closeTo(10.1, 6), expect.closeTo(54.06, 6)]);

    // At zoom 10 the whole dataset is in one tile.
    const { x, y } = tileOf(10.05, 54.03, 10);
    const res = await t.app.inject({ method: 'GET', url: `/tiles/10/${x}/${y}.pbf?taskId=${taskId}` });
    expect(res.statusCode).toBe(200);
    const tile = decodeTile(res.rawPayload);
    expect(Object.keys(tile.layers)).toEqual(
      expect.arrayContaining(['M_COVR', 'DEPARE', 'LNDARE', 'COALNE', 'DEPCNT', 'SOUNDG', 'LIGHTS', 'BOYLAT', 'BOYCAR']),
    );
    // The demo's three depth areas, with the depths the safety settings colour them by.
    const depths = layerFeatures(tile, 'DEPARE').map((f) => [f.properties.DRVAL1, f.properties.DRVAL2]);
    expect(depths.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [0, 5],
      [5, 10],
      [10, 20],
    ]);
    expect(
      layerFeatures(tile, 'DEPCNT')
        .map((f) => f.properties.VALDCO)
        .sort(),
    ).toEqual([10, 5].sort());
    expect(layerFeatures(tile, 'M_COVR')[0]!.properties).toMatchObject({ cell: DEMO_S101_NAME, edition: 1, update: 0 });
    expect(layerFeatures(tile, 'BOYSPP')).toEqual([]);

    // Update 1 inserts a special-purpose buoy: the map's version moves and the tile shows it.
    expect((await upload(`${DEMO_S101_NAME}.001`, buildDemoS101Update(1))).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    expect(after.version).not.toBe(view.version);
    const again = decodeTile((await t.app.inject({ method: 'GET', url: `/tiles/10/${x}/${y}.pbf?taskId=${taskId}` })).rawPayload);
    expect(layerFeatures(again, 'BOYSPP')).toHaveLength(1);
    expect(layerFeatures(again, 'M_COVR')[0]!.properties).toMatchObject({ update: 1 });
  });
});
