import { readFileSync } from 'node:fs';
import { buildExchangeSet, createCellPermit, decodeCellPermit, parsePermitFile, writePermitFile } from '@chartroom/s63';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { listBlobFiles, loginProvider, postFiles, type Part } from './charts.test-helper.js';

const hwId = '12345';

/** The IHO test-kit cell NO4D0512 in an exchange set, with the test-kit PERMIT.TXT or a renewed one. */
function testKitExchangeSet(permit: 'original' | 'renewed'): Uint8Array {
  const permitText = readFileSync(testdataPath('s63/PERMIT.TXT'), 'latin1');
  const record = parsePermitFile(permitText).enc.find((r) => r.cellName === 'NO4D0512')!;
  const text =
    permit === 'original'
      ? permitText
      : (() => {
          // The test-kit permit expired in 2004: the same cell keys, issued again with a later expiry.
          const { ck1, ck2 } = decodeCellPermit(record.permit, hwId);
          return writePermitFile({
            enc: [{ permit: createCellPermit({ cellName: 'NO4D0512', expiry: '20991231', ck1, ck2, hwId }), edition: 3 }],
          });
        })();
  return buildExchangeSet({
    cells: [
      { name: 'NO4D0512', edition: 3, update: 0, encrypted: new Uint8Array(readFileSync(testdataPath('s63/NO4D0512_encrypted.000'))) },
    ],
    permitText: text,
  });
}

function s63Parts(zip: Uint8Array, deviceKey: string, gcId: number): Part[] {
  return [
    { name: 'deviceKey', value: deviceKey },
    { name: 'file', filename: 'NO4D0512_set.zip', data: zip },
    { name: 'geocontentId', value: String(gcId) },
  ];
}

describe.skipIf(!hasTestdata)('S-63 exchange sets with the IHO test-kit cell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('converts the set with device key 12345 in a background job, then lists the cell', async () => {
    const p = await loginProvider(t);
    const up = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(testKitExchangeSet('renewed'), hwId, p.gcId));
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ conversionId: expect.any(Number), state: 'queued' });

    const waiting = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(waiting).toMatchObject({ type: null, charts: [], conversion: { state: 'queued', zipFileName: 'NO4D0512_set.zip', cells: [] } });

    // The conversion, then the map preparation of the cell it added (tiles.prepare).
    expect(await t.app.jobs.drain()).toBe(2);
    const done = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(done.type).toBe('s63');
    expect(done.metaInfo).toEqual({ ZipFileName: 'NO4D0512_set.zip', Timestamp: expect.any(String) });
    expect(done.conversion).toMatchObject({
      state: 'done',
      cells: [{ name: 'NO4D0512', update: 0, status: 'decrypted', reason: null, warnings: [] }],
    });
    expect(done.charts).toEqual([expect.objectContaining({ name: 'NO4D0512', edition: expect.any(Number), update: 0 })]);

    // The decrypted cell is kept, byte for byte what the test kit says it must be.
    const [key] = await t.app.blobs.list(`charts/${p.gcId}/NO4D0512`);
    expect(await t.app.blobs.read(key!)).toEqual(readFileSync(testdataPath('s63/derived/NO4D0512.000')));
  });

  it('reports every cell as wrong key with another device key, and converts under the expired 2004 permit with SSE 25', async () => {
    const p = await loginProvider(t);
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(testKitExchangeSet('renewed'), '54321', p.gcId));
    await t.app.jobs.drain();
    const wrong = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(wrong.charts).toEqual([]);
    expect(wrong.conversion.state).toBe('done');
    expect(wrong.conversion.cells.map((c: { status: string }) => c.status)).toEqual(['wrong_key']);

    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(testKitExchangeSet('original'), hwId, p.gcId));
    await t.app.jobs.drain();
    const expired = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    // Issued 2002-11-08, before its permit expired on 2004-08-26: still decryptable (S-63 1.2), with the warning.
    expect(expired.conversion.cells).toEqual([
      {
        name: 'NO4D0512',
        update: 0,
        status: 'decrypted',
        reason: null,
        warnings: [
          { code: 'SSE25', message: expect.stringContaining('The ENC permit for this cell has expired. This cell may be out of date') },
        ],
      },
    ]);
    expect(expired.charts).toEqual([expect.objectContaining({ name: 'NO4D0512' })]);
  });

  it('needs both the device key and the file (400), and keeps nothing of a refused upload', async () => {
    const p = await loginProvider(t);
    const before = await listBlobFiles(t);
    const noKey = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, [
      { name: 'file', filename: 'set.zip', data: testKitExchangeSet('renewed') },
      { name: 'geocontentId', value: String(p.gcId) },
    ]);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().details.map((d: { path: string }) => d.path)).toEqual(['body.deviceKey']);
    const noFile = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, [
      { name: 'deviceKey', value: hwId },
      { name: 'geocontentId', value: String(p.gcId) },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details.map((d: { path: string }) => d.path)).toEqual(['body.file']);
    expect(await listBlobFiles(t)).toEqual(before);
  });
});
