import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng, pixel } from '@chartroom/s102/png-decode.test-helper';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { depthColour } from './s102-tile.js';
import { tileOf } from './tiles.test-helper.js';

describe.skipIf(!hasTestdata)('S-102 depth tiles of the BSH grid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('draws the grid in depth bands, transparent outside it, 204 away from it, 304 when current', async () => {
    const p = await loginProvider(t, 'Elbe Office');
    const up = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      ...fileParts('files', [testdataPath('s102/102DE00NO13R.H5')]),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const taskId = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json().taskId;
    const view = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    expect(view.s102).toEqual([{ name: '102DE00NO13R', bbox: expect.any(Array) }]);
    expect(view.cells).toEqual([]);
    const [w, s, e, n] = view.s102[0].bbox as number[];

    // A tile at the grid's west edge: data and no data side by side.
    const { x, y } = tileOf(w!, (s! + n!) / 2, 12);
    const res = await t.app.inject({ method: 'GET', url: `/tiles/s102/12/${x}/${y}.png?taskId=${taskId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const img = decodePng(res.rawPayload);
    expect([img.width, img.height]).toEqual([256, 256]);
    const palette = new Set([-1, 1, 3, 7, 15, 30, 100].map((d) => depthColour(d).join(',')));
    let painted = 0;
    let clear = 0;
    for (let py = 0; py < 256; py += 4) {
      for (let px = 0; px < 256; px += 4) {
        const c = pixel(img, px, py);
        if (c[3] === 0) clear += 1;
        else {
          painted += 1;
          expect(palette.has(c.join(','))).toBe(true);
        }
      }
    }
    expect(painted).toBeGreaterThan(100);
    expect(clear).toBeGreaterThan(100);

    const again = await t.app.inject({
      method: 'GET',
      url: `/tiles/s102/12/${x}/${y}.png?taskId=${taskId}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const far = tileOf(e! + 1, n! + 1, 12);
    expect((await t.app.inject({ method: 'GET', url: `/tiles/s102/12/${far.x}/${far.y}.png?taskId=${taskId}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/tiles/s102/12/${x}/${y}.png?taskId=${'0'.repeat(32)}` })).statusCode).toBe(404);
  });
});
