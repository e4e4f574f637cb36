import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, listBlobFiles, loginProvider, postFiles } from './charts.test-helper.js';

const md81 = (ext: string) => testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`);

describe.skipIf(!hasTestdata)('S-57 ingestion with the real corpus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reviews and applies US4MD81M with its three updates: the list shows what GDAL reads', async () => {
    const truth = JSON.parse(readFileSync(testdataPath('ground-truth.json'), 'utf8')).s57['s57/noaa-US4MD81M/US4MD81M.000'].gdal.APPLY;
    const p = await loginProvider(t);
    const empty = await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers });
    expect(empty.json()).toMatchObject({ type: null, charts: [] });

    // gcid after the files, as a browser may send it.
    const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      ...fileParts('files', [md81('000'), md81('001'), md81('002'), md81('003'), testdataPath('s57/noaa-US4MD81M/US4MD81A.TXT')]),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const review = up.json();
    expect(review.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(review.hasChanges).toBe(true);
    expect(review.charts).toEqual([
      {
        chartName: 'US4MD81M',
        oldEdtn: null,
        oldUpdn: null,
        newEdtn: Number(truth.edition),
        newUpdn: Number(truth.update),
        isChanged: true,
        errors: [],
      },
    ]);
    // Nothing is in the collection before Apply.
    const before = await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers });
    expect(before.json().charts).toEqual([]);

    const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${review.guid}`, headers: p.headers });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toBe(true);

    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list.type).toBe('s57');
    expect(list.charts).toHaveLength(1);
    const chart = list.charts[0];
    expect(chart).toMatchObject({
      name: 'US4MD81M',
      edition: Number(truth.edition),
      update: Number(truth.update),
      scale: truth.compilation_scale,
      band: truth.intended_usage,
      releaseDate: `${truth.issue_date.slice(0, 4)}-${truth.issue_date.slice(4, 6)}-${truth.issue_date.slice(6)}`,
    });
    expect(chart.bbox[0]).toBeLessThan(chart.bbox[2]);

    // The cell stays readable without a re-upload: base and updates under the geocontent, staging gone.
    const files = await listBlobFiles(t);
    expect(files.filter((f) => f.startsWith(`charts/${p.gcId}/US4MD81M/`)).map((f) => f.split('/').pop())).toEqual([
      'US4MD81M.000',
      'US4MD81M.001',
      'US4MD81M.002',
      'US4MD81M.003',
    ]);
    expect(files.some((f) => f.startsWith('staging/'))).toBe(false);

    // The same files again: nothing changes.
    const again = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [md81('000'), md81('001'), md81('002'), md81('003')]),
    ]);
    expect(again.json()).toMatchObject({
      hasChanges: false,
      charts: [{ chartName: 'US4MD81M', oldEdtn: 31, oldUpdn: 3, newEdtn: 31, newUpdn: 3, isChanged: false, errors: [] }],
    });
    const reverted = await t.app.inject({ method: 'GET', url: `/api/geocontent/RevertEnc?guid=${again.json().guid}`, headers: p.headers });
    expect(reverted.json()).toBe(true);
    expect((await listBlobFiles(t)).some((f) => f.startsWith('staging/'))).toBe(false);
  });

  it('applies updates alone on top of the applied cell, and refuses an older edition', async () => {
    const p = await loginProvider(t);
    const first = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [md81('000'), md81('001')]),
    ]);
    await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${first.json().guid}`, headers: p.headers });

    const more = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [md81('002'), md81('003')]),
    ]);
    expect(more.json().charts).toEqual([
      { chartName: 'US4MD81M', oldEdtn: 31, oldUpdn: 1, newEdtn: 31, newUpdn: 3, isChanged: true, errors: [] },
    ]);
    await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${more.json().guid}`, headers: p.headers });
    const list = (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(list.charts[0]).toMatchObject({ edition: 31, update: 3 });

    const baseOnly = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [md81('000')]),
    ]);
    const row = baseOnly.json().charts[0];
    expect(row.isChanged).toBe(false);
    expect(row.errors.map((e: { code: string }) => e.code)).toEqual(['older_than_applied']);
    expect(row.errors[0].params).toEqual({ chart: 'US4MD81M', edition: 31, update: 0, appliedEdition: 31, appliedUpdate: 3 });
  });

  it('flags a base cell with .003 but without .001 and .002', async () => {
    const p = await loginProvider(t);
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [md81('000'), md81('003')]),
    ]);
    const row = res.json().charts[0];
    expect(res.json().hasChanges).toBe(false);
    expect(row).toMatchObject({ chartName: 'US4MD81M', isChanged: false, newUpdn: 3 });
    expect(row.errors).toEqual([
      {
        code: 'updates_missing',
        message: expect.stringContaining('001, 002'),
        // The web words the problem from these, in the reader's language.
        params: { chart: 'US4MD81M', missing: '001, 002', count: 2, from: 0, to: 3 },
      },
    ]);
  });

  it('flags an update without its base, and ignores a file whose name is not an S-57 file name', async () => {
    const p = await loginProvider(t);
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', [testdataPath('s57/noaa-US5MD12M-update/US5MD12M.001'), testdataPath('s57/s101-not-s57/101AA00DS0003.000')]),
    ]);
    const rows = res.json().charts;
    expect(rows.find((r: { chartName: string }) => r.chartName === 'US5MD12M').errors[0].code).toBe('base_missing');
    // 101AA00DS0003.000 (an S-101 file) has no 8.3 S-57 name: it is not a cell of this upload.
    expect(rows.map((r: { chartName: string }) => r.chartName)).toEqual(['US5MD12M']);
  });

  it('flags the CRC errors of the S-58 catalogues and accepts the correct ones', async () => {
    const p = await loginProvider(t);
    const dir = (d: string, names: string[]) => names.map((n) => testdataPath('s57/iho-s58', d, n));
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', dir('AA400013', ['CATALOG.031', '00400013.000'])),
    ]);
    expect(res.json().charts).toEqual([
      expect.objectContaining({
        chartName: '00400013',
        isChanged: false,
        errors: [
          { code: 'crc_mismatch', message: expect.stringContaining('105FDE67'), params: expect.objectContaining({ file: '00400013.000' }) },
        ],
      }),
    ]);
    const other = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', dir('AA400014', ['CATALOG.031', '00700014.000'])),
    ]);
    expect(other.json().charts[0].errors.map((e: { code: string }) => e.code)).toEqual(['crc_mismatch']);

    const good = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      ...fileParts('files', dir('AA500006', ['CATALOG.031', 'AA500006.000', 'AA500006.001', 'AA500006.002', 'US1WC04A.TXT'])),
    ]);
    expect(good.json().charts).toEqual([expect.objectContaining({ chartName: 'AA500006', isChanged: true, newUpdn: 2, errors: [] })]);
  });
});
