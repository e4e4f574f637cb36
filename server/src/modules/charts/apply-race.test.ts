import { buildDemoHarbourCell, buildDemoHarbourUpdate, readS57 } from '@chartroom/s57';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { chartCollections, charts, encUploads } from '../../db/schema/index.js';
import { listBlobFiles, loginProvider, postFiles, type Part } from './charts.test-helper.js';

const file = (filename: string, data: Uint8Array): Part => ({ name: 'files', filename, data });

describe('applying a staged upload twice at once (a double click)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  /** The demo cell uploaded and staged for review in the provider's geocontent: its upload's guid. */
  async function stageDemoCell(p: { headers: Record<string, string>; gcId: number }): Promise<string> {
    const staged = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      file('XX5DEMO1.000', buildDemoHarbourCell()),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    return staged.json().guid as string;
  }

  /** Every listed chart's files exist and read as S-57, and the chart is at the expected update. */
  async function expectChartsReadable(gcId: number, update: number) {
    const rows = await t.database.db
      .select({ chart: charts })
      .from(charts)
      .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
      .where(eq(chartCollections.geocontentId, gcId));
    expect(rows.map((r) => [r.chart.name, r.chart.update])).toEqual([['XX5DEMO1', update]]);
    for (const { chart } of rows) {
      for (const key of chart.blobKeys) expect(await t.app.blobs.size(key), key).not.toBeNull();
      const [base, ...updates] = await Promise.all(
        chart.blobKeys.map(async (k) => readS57(await t.app.blobs.read(k), { fileName: k.split('/').pop()! })),
      );
      expect(Number(base!.dsid.EDTN)).toBe(1);
      expect(updates.map((u) => Number(u.dsid.UPDN))).toEqual(Array.from({ length: update }, (_, i) => i + 1));
    }
  }

  it('has one winner 20 times in a row, and every listed chart keeps its files', async () => {
    const p = await loginProvider(t);
    for (let round = 0; round < 20; round++) {
      // Round 0 applies the base cell, then each round applies the next update on top of it.
      const parts =
        round === 0
          ? [file('XX5DEMO1.000', buildDemoHarbourCell())]
          : [file(`XX5DEMO1.${String(round).padStart(3, '0')}`, buildDemoHarbourUpdate(round))];
      const staged = await postFiles(t, '/api/geocontent/addenc', p.headers, [...parts, { name: 'gcid', value: String(p.gcId) }]);
      expect(staged.statusCode).toBe(200);
      const { guid } = staged.json();
      const answers = await Promise.all([
        get(`/api/geocontent/ApplyEnc?guid=${guid}`, p.headers),
        get(`/api/geocontent/ApplyEnc?guid=${guid}`, p.headers),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(['upload_applied', 'upload_applying']).toContain(answers.find((a) => a.statusCode === 409)!.json().code);
      await expectChartsReadable(p.gcId, round);
    }
    // Only the applied files are left: no staging folder, no partial file, no copy of a loser.
    const files = (await listBlobFiles(t)).filter((f) => f.includes(`/${p.gcId}/`) || f.startsWith('staging/'));
    expect(files.filter((f) => f.startsWith('staging/') || f.endsWith('.part'))).toEqual([]);
    expect(files).toHaveLength(20);
  });

  it('refuses to revert or save an applied upload (409) and keeps its charts', async () => {
    const p = await loginProvider(t, 'Revert Office');
    const guid = await stageDemoCell(p);
    const [apply, revert] = await Promise.all([
      get(`/api/geocontent/ApplyEnc?guid=${guid}`, p.headers),
      get(`/api/geocontent/RevertEnc?guid=${guid}`, p.headers),
    ]);
    // Whichever the database let in first wins; the other is refused and changes nothing. An
    // applied upload still exists, so a revert that lost is a conflict (409); a reverted one is
    // gone, so an apply that lost finds no upload (404).
    expect([apply.statusCode, revert.statusCode].sort()).toEqual(apply.statusCode === 200 ? [200, 409] : [200, 404]);
    if (apply.statusCode === 200) {
      expect((await get(`/api/geocontent/RevertEnc?guid=${guid}`, p.headers)).statusCode).toBe(409);
      expect((await get(`/api/geocontent/SaveEnc?guid=${guid}`, p.headers)).statusCode).toBe(409);
      await expectChartsReadable(p.gcId, 0);
    } else {
      expect((await get(`/api/geocontent/GetEncUpload?guid=${guid}`, p.headers)).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(encUploads).where(eq(encUploads.guid, guid));
    expect(row?.state ?? 'reverted').toBe(apply.statusCode === 200 ? 'applied' : 'reverted');
  });

  it('answers 404 to an apply of an upload already reverted, and changes nothing', async () => {
    const p = await loginProvider(t, 'Reverted Office');
    const guid = await stageDemoCell(p);
    expect((await get(`/api/geocontent/RevertEnc?guid=${guid}`, p.headers)).statusCode).toBe(200);
    const apply = await get(`/api/geocontent/ApplyEnc?guid=${guid}`, p.headers);
    expect(apply.statusCode).toBe(404);
    expect(apply.json()).toMatchObject({ code: 'not_found' });
    const rows = await t.database.db
      .select({ id: charts.id })
      .from(charts)
      .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
      .where(eq(chartCollections.geocontentId, p.gcId));
    expect(rows).toEqual([]);
  });

  it('answers 409 with the reason when nothing in the upload can be applied', async () => {
    const p = await loginProvider(t, 'Nothing Office');
    const junk = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      file('XX000005.000', new Uint8Array(64).fill(3)),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    const res = await get(`/api/geocontent/ApplyEnc?guid=${junk.json().guid}`, p.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('XX000005.000 is not an S-57 file') });

    // The same cell again: nothing changed, and the answer says so instead of `true`.
    const base = buildDemoHarbourCell();
    const first = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [file('XX5DEMO1.000', base), { name: 'gcid', value: String(p.gcId) }])
    ).json();
    expect((await get(`/api/geocontent/ApplyEnc?guid=${first.guid}`, p.headers)).json()).toBe(true);
    const again = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [file('XX5DEMO1.000', base), { name: 'gcid', value: String(p.gcId) }])
    ).json();
    const same = await get(`/api/geocontent/ApplyEnc?guid=${again.guid}`, p.headers);
    expect(same.statusCode).toBe(409);
    expect(same.json().details).toEqual([{ path: 'XX5DEMO1', message: 'already applied at this edition and update' }]);
  });

  it('answers 400 naming the ignored files when an upload holds no S-57 cell', async () => {
    const p = await loginProvider(t, 'Empty Office');
    const before = await listBlobFiles(t);
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      file('readme.pdf', new Uint8Array(10)),
      file('notes.doc', new Uint8Array(10)),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/No S-57 cell .*ignored: readme\.pdf, notes\.doc/);
    // The web words it by reason and lists each ignored file by name.
    expect(res.json()).toMatchObject({ code: 'validation', params: { reason: 'no_s57_cell' } });
    expect(
      res
        .json()
        .details.filter((d: { code: string }) => d.code === 'ignored_file')
        .map((d: { params: unknown }) => d.params),
    ).toEqual([{ file: 'readme.pdf' }, { file: 'notes.doc' }]);
    expect(await listBlobFiles(t)).toEqual(before);
  });
  it('names the files it left out of an upload that also holds a cell', async () => {
    const p = await loginProvider(t, 'Mixed Office');
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      file('XX5DEMO1.000', buildDemoHarbourCell()),
      file('101XX00DEMO.000.pdf', new Uint8Array(10)),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toEqual(['101XX00DEMO.000.pdf']);
    expect(res.json().charts.map((c: { chartName: string }) => c.chartName)).toEqual(['XX5DEMO1']);
  });
});
