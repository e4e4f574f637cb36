import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { decodeChartText } from './tiles.service.js';

const md81 = (name: string) => testdataPath('s57/noaa-US4MD81M', name);

// The texts chart features refer to (TXTDSC, NTXTDS) are read on the map through its task, from
// the companion files stored with the charts: US4MD81M and its TXT files as NOAA issues them.
describe.skipIf(!hasTestdata)('chart texts on the map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("gives a referenced text as text (ISO 8859-1, CRLF), through the task's capability only", async () => {
    const p = await loginProvider(t, 'Chesapeake Office');
    const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      ...fileParts('files', [md81('US4MD81M.000'), md81('US4MD81A.TXT'), md81('US4MD81B.TXT')]),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${up.json().guid}`, headers: p.headers });
    expect(applied.statusCode).toBe(200);
    const task = await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers });
    const taskId = task.json().taskId as string;

    const res = await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=${taskId}&file=us4md81a.txt`, headers: p.headers });
    expect(res.statusCode).toBe(200);
    const { file, text } = res.json() as { file: string; text: string };
    expect(file).toBe('US4MD81A.TXT');
    expect(text.startsWith('NOAA ENC®\n')).toBe(true);
    expect(text).toContain('US4MD81M - CHESAPEAKE BAY - COVE POINT TO HACKETT POINT');
    expect(text).not.toContain('\r');
    expect(text).toBe(readFileSync(md81('US4MD81A.TXT'), 'latin1').replace(/\r\n?/g, '\n').trimEnd());

    // Without a session, the task is the capability (as for tiles).
    expect((await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=${taskId}&file=US4MD81B.TXT` })).statusCode).toBe(200);
    // A text the charts did not bring, a name that is no S-57 text file, another provider, no task.
    const missing = await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=${taskId}&file=US4MD81C.TXT`, headers: p.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found', params: { thing: 'chart_text' } });
    const bad = await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=${taskId}&file=../../etc/passwd`, headers: p.headers });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('file');
    const other = await loginProvider(t, 'Other Office');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=${taskId}&file=US4MD81A.TXT`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/map/text?taskId=nope&file=US4MD81A.TXT` })).statusCode).toBe(404);
  });

  it('reads UCS-2 national texts with their byte-order mark, and UTF-8', () => {
    expect(decodeChartText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Маяк', 'utf16le')]))).toBe('Маяк');
    expect(decodeChartText(Buffer.from('Маяк', 'utf8'))).toBe('Маяк');
    expect(decodeChartText(Buffer.from([0x4e, 0xae]))).toBe('N®');
  });
});
