import { buildDemoHarbourCell, buildDemoHarbourUpdate, crc32 } from '@chartroom/s57';
import { buildExchangeSet, createCellPermit, encryptCell, writeCatalog, writePermitFile } from '@chartroom/s63';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';
import { listBlobFiles, loginProvider, postFiles, type Part } from './charts.test-helper.js';

// Fresh-clone tests: cells written by packages/s57's writer, S-63 sets built with packages/s63.
const base = buildDemoHarbourCell();
const upd = (n: number, opts: { edition?: number } = {}) => buildDemoHarbourUpdate(n, opts);
const file = (filename: string, data: Uint8Array): Part => ({ name: 'files', filename, data });

describe('chart ingestion with cells written by packages/s57', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const getCollection = async (p: { headers: Record<string, string>; gcId: number }) =>
    (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();

  it('reviews and applies the demo cell with two updates', async () => {
    const p = await loginProvider(t);
    const review = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [
        file('XX5DEMO1.000', base),
        file('XX5DEMO1.001', upd(1)),
        file('XX5DEMO1.002', upd(2)),
        { name: 'gcid', value: String(p.gcId) },
      ])
    ).json();
    expect(review).toMatchObject({
      hasChanges: true,
      state: 'staged',
      charts: [{ chartName: 'XX5DEMO1', oldEdtn: null, oldUpdn: null, newEdtn: 1, newUpdn: 2, isChanged: true, errors: [] }],
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${review.guid}`, headers: p.headers })).json()).toBe(
      true,
    );
    const list = await getCollection(p);
    expect(list.charts).toEqual([
      {
        id: expect.any(Number),
        name: 'XX5DEMO1',
        edition: 1,
        update: 2,
        releaseDate: '2024-02-07',
        scale: 12000,
        band: 5,
        description: 'Fictional demo harbour - not for navigation',
        bbox: [10, 54, 10.1, 54.06],
        previewUrl: null,
      },
    ]);
    // Applying twice is refused; the review of an applied upload stays readable.
    const twice = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${review.guid}`, headers: p.headers });
    expect(twice.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUpload?guid=${review.guid}`, headers: p.headers })).json().state,
    ).toBe('applied');
  });

  it('unpacks a zipped exchange set and checks it against its CATALOG.031', async () => {
    const p = await loginProvider(t);
    const catalog = writeCatalog([
      { file: 'XX5DEMO1.000', crc: crc32(base), longName: 'Demo harbour' },
      { file: 'XX5DEMO1.001', crc: 0x12345678 },
    ]);
    const zip = zipSync({ 'ENC_ROOT/CATALOG.031': catalog, 'ENC_ROOT/XX/XX5DEMO1.000': base, 'ENC_ROOT/XX/XX5DEMO1.001': upd(1) });
    const review = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('ENC.zip', zip)])
    ).json();
    expect(review.charts).toEqual([
      expect.objectContaining({
        chartName: 'XX5DEMO1',
        isChanged: false,
        errors: [
          {
            code: 'crc_mismatch',
            message: expect.stringContaining('XX5DEMO1.001'),
            params: expect.objectContaining({ file: 'XX5DEMO1.001' }),
          },
        ],
      }),
    ]);
    expect(review.hasChanges).toBe(false);

    const good = zipSync({ 'CATALOG.031': writeCatalog([{ file: 'XX5DEMO1.000', crc: crc32(base) }]), 'XX5DEMO1.000': base });
    const ok = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('ENC.zip', good)])
    ).json();
    expect(ok.charts).toEqual([expect.objectContaining({ chartName: 'XX5DEMO1', newEdtn: 1, newUpdn: 0, isChanged: true, errors: [] })]);

    // A zip cut short (its central directory lost) is refused by name and leaves nothing staged.
    const before = await listBlobFiles(t);
    const cut = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      file('CUT.zip', good.subarray(0, good.length >> 1)),
    ]);
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({
      code: 'unsupported_file',
      message: expect.stringMatching(/CUT\.zip is not a readable zip archive: not a zip archive/),
    });
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('flags an update for another edition, an update out of sequence and updates without a base', async () => {
    const p = await loginProvider(t);
    const wrongEdition = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        file('XX5DEMO1.000', base),
        file('XX5DEMO1.001', upd(1, { edition: 2 })),
      ])
    ).json();
    expect(wrongEdition.charts[0].errors.map((e: { code: string }) => e.code)).toEqual(['update_edition']);

    const noBase = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('XX5DEMO1.001', upd(1))])
    ).json();
    expect(noBase.charts[0]).toMatchObject({ isChanged: false, errors: [{ code: 'base_missing' }] });

    const first = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('XX5DEMO1.000', base)])
    ).json();
    await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${first.guid}`, headers: p.headers });
    const gap = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('XX5DEMO1.003', upd(3))])
    ).json();
    expect(gap.charts[0]).toMatchObject({ oldEdtn: 1, oldUpdn: 0, newUpdn: 3, isChanged: false, errors: [{ code: 'updates_missing' }] });
    const next = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [{ name: 'gcid', value: String(p.gcId) }, file('XX5DEMO1.001', upd(1))])
    ).json();
    expect(next.charts[0]).toMatchObject({ oldUpdn: 0, newUpdn: 1, isChanged: true, errors: [] });
  });

  it('seeds the demo geocontent with the demo harbour collection', async () => {
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
    const demo = (await findUserByEmail(t.database.db, 'provider@demo.test'))!;
    const headers = { authorization: `Bearer ${t.app.signToken(demo)}` };
    const me = (await t.app.inject({ method: 'GET', url: '/providers/me', headers })).json();
    const gcId = me.geoContents.find((g: { title: string }) => g.title === 'Demo Harbour Charts').id;
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${gcId}`, headers })).json();
    expect(list).toMatchObject({ type: 's57', charts: [{ name: 'XX5DEMO1', edition: 1, update: 0, scale: 12000, band: 5 }] });
    expect(await listBlobFiles(t)).toContain(`charts/${gcId}/XX5DEMO1/demo/XX5DEMO1.000`);
  });
});

describe('S-63 conversion of sets built with packages/s63', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const ck1 = '0123456789';
  const ck2 = 'ABCDEF0123';
  const hwId = '8A4C1';
  const set = buildExchangeSet({
    cells: [
      { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(base, 'XX5DEMO1.000', ck1) },
      { name: 'XX5DEMO1', edition: 1, update: 1, encrypted: encryptCell(upd(1), 'XX5DEMO1.001', ck1) },
    ],
    permitText: writePermitFile({
      enc: [{ permit: createCellPermit({ cellName: 'XX5DEMO1', expiry: '20991231', ck1, ck2, hwId }), edition: 1 }],
    }),
  });
  const parts = (deviceKey: string, gcId: number): Part[] => [
    { name: 'geocontentId', value: String(gcId) },
    { name: 'deviceKey', value: deviceKey },
    { name: 'file', filename: 'XX_set.zip', data: set },
  ];

  it('decrypts the set with its HW_ID and replaces the collection', async () => {
    const p = await loginProvider(t);
    const up = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, parts(hwId, p.gcId));
    expect(up.statusCode).toBe(200);
    // The conversion, then the map preparation of the cell it added (tiles.prepare).
    expect(await t.app.jobs.drain()).toBe(2);
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list).toMatchObject({
      type: 's63',
      metaInfo: { ZipFileName: 'XX_set.zip' },
      charts: [{ name: 'XX5DEMO1', edition: 1, update: 1, scale: 12000, band: 5, releaseDate: '2024-02-06' }],
      conversion: {
        state: 'done',
        error: null,
        cells: [
          { name: 'XX5DEMO1', update: 0, status: 'decrypted' },
          { name: 'XX5DEMO1', update: 1, status: 'decrypted' },
        ],
      },
    });
  });

  it('reports every cell as wrong key with another device key, leaving the collection alone', async () => {
    const p = await loginProvider(t);
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, parts('FFFFF', p.gcId));
    await t.app.jobs.drain();
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list.type).toBeNull();
    expect(list.conversion.cells.map((c: { status: string }) => c.status)).toEqual(['wrong_key', 'wrong_key']);
  });

  it('converts a set of several cells read from disk, storing each cell as it is decrypted', async () => {
    const p = await loginProvider(t);
    const permitFor = (cellName: string) => ({ permit: createCellPermit({ cellName, expiry: '20991231', ck1, ck2, hwId }), edition: 1 });
    const notS57 = new Uint8Array(4000).map((_, i) => (i * 31) & 0xff);
    const several = buildExchangeSet({
      cells: [
        { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(base, 'XX5DEMO1.000', ck1) },
        { name: 'XX5DEMO1', edition: 1, update: 1, encrypted: encryptCell(upd(1), 'XX5DEMO1.001', ck1) },
        { name: 'XX5DEMO2', edition: 1, update: 0, encrypted: encryptCell(base, 'XX5DEMO2.000', ck2) },
        { name: 'XX5JUNK1', edition: 1, update: 0, encrypted: encryptCell(notS57, 'XX5JUNK1.000', ck1) },
        { name: 'XX5NOPER', edition: 1, update: 0, encrypted: encryptCell(base, 'XX5NOPER.000', ck1) },
      ],
      permitText: writePermitFile({ enc: ['XX5DEMO1', 'XX5DEMO2', 'XX5JUNK1'].map(permitFor) }),
    });
    const up = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, [
      { name: 'geocontentId', value: String(p.gcId) },
      { name: 'deviceKey', value: hwId },
      { name: 'file', filename: 'several.zip', data: several },
    ]);
    expect(up.statusCode).toBe(200);
    // The zip is read by ranges, never whole: only the stored cells are read back whole (into reused buffers).
    const reads = vi.spyOn(t.app.blobs, 'read');
    const ranges = vi.spyOn(t.app.blobs, 'readRange');
    try {
      // The conversion only (the oldest job): the map preparation it queues reads its cells after it.
      expect(await t.app.jobs.runOne()).toBe(true);
      expect(reads).not.toHaveBeenCalled();
      const cells = ranges.mock.calls.filter(([key]) => !key.startsWith('s63/'));
      expect(cells.every(([, start]) => start === 0)).toBe(true);
      expect(cells.map(([key]) => key.slice(key.lastIndexOf('/') + 1))).toEqual([
        'XX5DEMO1.000',
        'XX5DEMO1.001',
        'XX5DEMO2.000',
        'XX5JUNK1.000',
      ]);
      expect(ranges.mock.calls.some(([key]) => key.startsWith('s63/') && key.endsWith('-several.zip'))).toBe(true);
    } finally {
      reads.mockRestore();
      ranges.mockRestore();
    }
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list.charts.map((c: { name: string; update: number }) => [c.name, c.update])).toEqual([
      ['XX5DEMO1', 1],
      ['XX5DEMO2', 0],
    ]);
    expect(list.conversion.cells.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['XX5DEMO1', 'decrypted'],
      ['XX5DEMO1', 'decrypted'],
      ['XX5DEMO2', 'decrypted'],
      ['XX5JUNK1', 'corrupt'],
      ['XX5NOPER', 'no_permit'],
    ]);
    const kept = (await listBlobFiles(t)).filter((k) => k.startsWith(`charts/${p.gcId}/`));
    expect(kept.map((k) => k.slice(k.lastIndexOf('/') + 1))).toEqual(['XX5DEMO1.000', 'XX5DEMO1.001', 'XX5DEMO2.000']);
    expect(Buffer.from(await t.app.blobs.read(kept[2]!)).equals(Buffer.from(base))).toBe(true);
  });

  it('ends a conversion whose zip is gone as failed with its reason after the last try', async () => {
    const p = await loginProvider(t);
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, parts(hwId, p.gcId));
    for (const f of (await listBlobFiles(t)).filter((k) => k.startsWith('s63/'))) await t.app.blobs.delete(f);
    for (let i = 0; i < 3; i++) {
      await t.app.jobs.drain();
      // Skip the backoff wait before the next try.
      await t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'queued'`);
    }
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list.conversion).toMatchObject({ state: 'failed', error: expect.stringContaining('stored file was not found') });
  });
});
