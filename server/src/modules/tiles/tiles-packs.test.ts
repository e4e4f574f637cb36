import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHarbourCell, writeS57 } from '@chartroom/s57';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { listMapCharts } from './tiles.repository.js';
import { buildChartSet } from './chart-set.js';
import { packKeyOf } from './tile-pack.js';
import { decodeTile, layerFeatures, tileOf } from './tiles.test-helper.js';

// A cell's tile pack is made per cell version: a new edition applied is drawn from the first tile
// asked after the commit, never from the pack of the edition it replaced.
describe('tile packs and new editions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** The demo cell as edition `edition`, its harbour light named `light`. */
  function demoEdition(edition: number, light: string): Uint8Array {
    const cell = demoHarbourCell();
    cell.edition = edition;
    cell.issueDate = `2025010${edition}`;
    cell.features = cell.features.map((f) => (f.objectClass === 'LIGHTS' ? { ...f, attributes: { ...f.attributes, OBJNAM: light } } : f));
    return writeS57(cell);
  }

  async function apply(p: Awaited<ReturnType<typeof loginProvider>>, bytes: Uint8Array) {
    const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'files', filename: 'XX5DEMO1.000', data: bytes },
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${up.json().guid}`, headers: p.headers });
    expect(applied.statusCode, applied.body).toBe(200);
  }

  it('draws a new edition from the first tile after its apply, though the old edition’s pack is stored', async () => {
    const p = await loginProvider(t, 'Edition Office');
    await apply(p, demoEdition(1, 'Old Light'));
    const taskId: string = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json()
      .taskId;
    const { x, y } = tileOf(10.045, 54.0195, 14); // the harbour light
    const url = `/tiles/14/${x}/${y}.pbf?taskId=${taskId}`;
    const lightsOf = (body: Buffer) => layerFeatures(decodeTile(body), 'LIGHTS').map((f) => [f.properties.OBJNAM, f.properties.edition]);

    // Edition 1 prepared (every queued job run: its pack is stored) and drawn.
    await t.app.jobs.drain();
    const [first] = buildChartSet(p.gcId, '', await listMapCharts(t.database.db, p.gcId)).cells;
    expect(await t.app.blobs.size(packKeyOf(first!))).toBeGreaterThan(0);
    const before = await t.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(lightsOf(before.rawPayload)).toEqual([['Old Light', 1]]);

    // Edition 2 applied; the first tile asked after the commit, before any job has run, draws it.
    await apply(p, demoEdition(2, 'New Light'));
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(lightsOf(after.rawPayload)).toEqual([['New Light', 2]]);
    const [second] = buildChartSet(p.gcId, '', await listMapCharts(t.database.db, p.gcId)).cells;
    expect(packKeyOf(second!)).not.toBe(packKeyOf(first!));
  });
});
