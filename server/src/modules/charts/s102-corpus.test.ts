import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, listBlobFiles, loginProvider, postFiles } from './charts.test-helper.js';

describe.skipIf(!hasTestdata)('S-102 upload with the BSH grid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the grid with its metadata and serves its depth preview to its owner only', async () => {
    const truth = JSON.parse(readFileSync(testdataPath('ground-truth.json'), 'utf8')).s102['s102/102DE00NO13R.H5'].root_attributes;
    const p = await loginProvider(t);
    const up = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      ...fileParts('files', [testdataPath('s102/102DE00NO13R.H5')]),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);

    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}&type=s102`, headers: p.headers })).json();
    expect(list.type).toBe('s102');
    const d = truth.issueDate.value as string;
    expect(list.charts).toEqual([
      expect.objectContaining({
        name: '102DE00NO13R',
        edition: null,
        update: null,
        scale: null,
        band: null,
        releaseDate: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`,
        description: expect.stringContaining('INT.IHO.S-102.3.0.0'),
        // The depth range as numbers, for the web to word in the reader's language.
        depthRange: [expect.any(Number), expect.any(Number)],
        previewUrl: expect.stringMatching(/^\/charts\/s102\/\d+\/preview\.png$/),
      }),
    ]);
    // ENC and S-102 are separate collections.
    const enc = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(enc.charts).toEqual([]);

    const png = await t.app.inject({ method: 'GET', url: list.charts[0].previewUrl, headers: p.headers });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect([...png.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const other = await loginProvider(t, 'Other Office');
    expect((await t.app.inject({ method: 'GET', url: list.charts[0].previewUrl, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: list.charts[0].previewUrl })).statusCode).toBe(401);
  });

  it('refuses the grid with deliberate S-158:102 errors, listing them', async () => {
    const p = await loginProvider(t, 'S-158 Office');
    const res = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [testdataPath('s102/102DE00NO13R_S158P1.H5')]),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'unsupported_file',
      message: expect.stringContaining('102DE00NO13R_S158P1.H5 fails the S-158 checks'),
    });
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('issueDate')]),
    );
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}&type=s102`, headers: p.headers })).json();
    expect(list.charts).toEqual([]);
  });

  it('refuses a file that is not S-102 and keeps nothing of it', async () => {
    const p = await loginProvider(t, 'Refused Office');
    const before = await listBlobFiles(t);
    const res = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [testdataPath('s57/noaa-US4MD81M/US4MD81B.TXT')]),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('US4MD81B.TXT') });
    expect(await listBlobFiles(t)).toEqual(before);
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}&type=s102`, headers: p.headers })).json();
    expect(list.charts).toEqual([]);
  });
});
