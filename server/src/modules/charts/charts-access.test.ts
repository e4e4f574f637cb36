import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { listBlobFiles, loginProvider, postFiles } from './charts.test-helper.js';

// Fresh-clone tests: no corpus needed.
describe('chart uploads: ownership, limits and clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MAX_CHART_UPLOAD_BYTES: 64 * 1024, MAX_UPLOAD_BYTES: 16 * 1024 });
  });
  afterAll(() => t.close());

  const junk = (n: number) => new Uint8Array(n).fill(7);

  it("answers 404 on another provider's geocontent everywhere, and keeps nothing it sent", async () => {
    const a = await loginProvider(t, 'Alpha Office');
    const b = await loginProvider(t, 'Bravo Office');
    const staged = await postFiles(t, '/api/geocontent/addenc', a.headers, [
      { name: 'gcid', value: String(a.gcId) },
      { name: 'files', filename: 'XX000001.000', data: junk(100) },
    ]);
    expect(staged.statusCode).toBe(200);
    const guid = staged.json().guid;
    const before = await listBlobFiles(t);

    const calls = [
      () =>
        postFiles(t, '/api/geocontent/addenc', b.headers, [
          { name: 'files', filename: 'XX000001.000', data: junk(10) },
          { name: 'gcid', value: String(a.gcId) },
        ]),
      () =>
        postFiles(t, '/api/geocontent/adds102', b.headers, [
          { name: 'files', filename: 'grid.h5', data: junk(10) },
          { name: 'gcid', value: String(a.gcId) },
        ]),
      () =>
        postFiles(t, '/api/geocontent/AddS63ToGeocontent', b.headers, [
          { name: 'file', filename: 'set.zip', data: junk(10) },
          { name: 'deviceKey', value: '12345' },
          { name: 'geocontentId', value: String(a.gcId) },
        ]),
      () => t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${a.gcId}`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${a.gcId}&type=s102`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${a.gcId}`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUpload?guid=${guid}`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${guid}`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/api/geocontent/SaveEnc?guid=${guid}`, headers: b.headers }),
      () => t.app.inject({ method: 'GET', url: `/api/geocontent/RevertEnc?guid=${guid}`, headers: b.headers }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await listBlobFiles(t)).toEqual(before);
    // A's upload is untouched.
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUpload?guid=${guid}`, headers: a.headers })).json().guid).toBe(
      guid,
    );
  });

  it('needs the provider role', async () => {
    const u = await t.loginAs('user');
    const res = await t.app.inject({ method: 'GET', url: '/charts/getCollection?gcid=1', headers: u.headers });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an over-limit upload with a clear message and leaves no file or row', async () => {
    const p = await loginProvider(t, 'Limit Office');
    const before = await listBlobFiles(t);
    const enc = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'files', filename: 'XX000002.000', data: junk(10) },
      { name: 'files', filename: 'XX000003.000', data: junk(65 * 1024) },
    ]);
    expect(enc.statusCode).toBe(413);
    expect(enc.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('64 KB') });
    const s102 = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'files', filename: 'grid.h5', data: junk(17 * 1024) },
    ]);
    expect(s102.statusCode).toBe(413);
    const s63 = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, [
      { name: 'deviceKey', value: '12345' },
      { name: 'geocontentId', value: String(p.gcId) },
      { name: 'file', filename: 'set.zip', data: junk(65 * 1024) },
    ]);
    expect(s63.statusCode).toBe(413);
    expect(await listBlobFiles(t)).toEqual(before);
    const uploads = await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${p.gcId}`, headers: p.headers });
    expect(uploads.json()).toEqual([]);
    const collection = await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers });
    expect(collection.json()).toMatchObject({ type: null, charts: [], conversion: null });
  });

  it('refuses a broken zip and a missing gcid without keeping anything', async () => {
    const p = await loginProvider(t, 'Zip Office');
    const before = await listBlobFiles(t);
    const zip = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'files', filename: 'ENC.zip', data: junk(300) },
    ]);
    expect(zip.statusCode).toBe(400);
    expect(zip.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('ENC.zip') });
    const noGc = await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'files', filename: 'XX000004.000', data: junk(10) }]);
    expect(noGc.statusCode).toBe(400);
    expect(noGc.json().details[0].path).toBe('body.gcid');
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('saves a staged upload for later and reverts it', async () => {
    const p = await loginProvider(t, 'Save Office');
    const staged = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'XX000005.000', data: junk(10) },
      ])
    ).json();
    expect(staged.charts[0]).toMatchObject({ chartName: 'XX000005', isChanged: false, errors: [{ code: 'not_s57' }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/SaveEnc?guid=${staged.guid}`, headers: p.headers })).json()).toBe(
      true,
    );
    const saved = (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(saved).toEqual([
      { guid: staged.guid, state: 'saved', createdAt: expect.any(String), expiresAt: staged.expiresAt, hasChanges: false, chartCount: 1 },
    ]);
    // A staged upload expires a week after it was made unless it is applied or reverted.
    expect(Date.parse(staged.expiresAt) - Date.parse(staged.createdAt)).toBeGreaterThan(6.9 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/RevertEnc?guid=${staged.guid}`, headers: p.headers })).json()).toBe(
      true,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${p.gcId}`, headers: p.headers })).json()).toEqual(
      [],
    );
    expect((await listBlobFiles(t)).filter((f) => f.includes(staged.guid))).toEqual([]);
  });
});
