import { buildDemoHarbourCell } from '@chartroom/s57';
import { buildDemoS101Dataset, buildDemoS101Update, demoS101Content, DEMO_S101_NAME } from '@chartroom/s101';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeS104Grid, writeS111Stations } from '@chartroom/s102/s100-fixtures.test-helper';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { listBlobFiles, loginProvider, postFiles, type Part } from '../charts/charts.test-helper.js';

// adds100 and s100-datasets with datasets made in code (a fresh clone has no corpus): the S-101
// demo dataset and its updates, an S-57 cell, a truncated dataset, a zipped exchange set.

const file = (filename: string, data: Uint8Array): Part => ({ name: 'files', filename, data });
const base = () => file(`${DEMO_S101_NAME}.000`, buildDemoS101Dataset());
const update = (n: number) => file(`${DEMO_S101_NAME}.00${n}`, buildDemoS101Update(n));

/** The feature counts the demo dataset was written with (the writer's input, not the reader's output), after `updates` updates. */
function expectedFeatures(updates: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of demoS101Content().features) counts[f.type] = (counts[f.type] ?? 0) + 1;
  // Each demo update inserts one special-purpose buoy (and renames the light: no new feature).
  if (updates > 0) counts.BuoySpecialPurposeGeneral = (counts.BuoySpecialPurposeGeneral ?? 0) + updates;
  return counts;
}

describe('S-100 datasets of a geocontent (adds100, s100-datasets)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = (p: { headers: Record<string, string>; gcId: number }, parts: Part[]) =>
    postFiles(t, '/api/geocontent/adds100', p.headers, [...parts, { name: 'gcid', value: String(p.gcId) }]);
  const list = async (p: { headers: Record<string, string>; gcId: number }) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}`, headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().datasets as Record<string, unknown>[];
  };

  it('stores an S-101 dataset with its update, then continues it with a later update alone', async () => {
    const p = await loginProvider(t, 'S-101 Office');
    const first = await upload(p, [update(1), base()]);
    expect(first.statusCode, first.body).toBe(200);
    const stored = {
      product: 'S-101',
      name: DEMO_S101_NAME,
      fileName: `${DEMO_S101_NAME}.000`,
      edition: 1,
      update: 1,
      issueDate: '2024-04-01',
      title: 'Demo Harbour (S-101)',
      features: expectedFeatures(1),
    };
    expect(first.json()).toEqual({ datasets: [expect.objectContaining(stored)], unchanged: [], ignored: [] });
    const [listed] = await list(p);
    expect(listed).toMatchObject(stored);
    // The DataCoverage polygon the demo was written with.
    const [w, s, e, n] = listed!.bbox as number[];
    expect([w, s, e, n].map((v) => Math.round(v! * 1000) / 1000)).toEqual([10, 54, 10.1, 54.06]);

    const second = await upload(p, [update(2)]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().datasets).toEqual([
      expect.objectContaining({ edition: 1, update: 2, issueDate: '2024-04-02', features: expectedFeatures(2) }),
    ]);

    // The same files again change nothing.
    const again = await upload(p, [update(2), update(1)]);
    expect(again.json()).toMatchObject({ datasets: [], unchanged: [DEMO_S101_NAME] });
    expect(await list(p)).toEqual([expect.objectContaining({ update: 2 })]);
  });

  it('refuses an update out of sequence, an update without its base, and another content under a stored update number', async () => {
    const p = await loginProvider(t, 'Sequence Office');
    expect((await upload(p, [base()])).statusCode).toBe(200);
    const before = await listBlobFiles(t);

    const gap = await upload(p, [update(2)]);
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining(`${DEMO_S101_NAME}.002`) });

    const orphan = await upload(p, [file('101XX00OTHER1.001', buildDemoS101Update(1))]);
    // The file is named after its dataset (DSNM): the demo update belongs to 101XX00DEMO01, which is stored.
    expect(orphan.statusCode).toBe(200);
    const other = await loginProvider(t, 'Orphan Office');
    const noBase = await upload(other, [update(1)]);
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().message).toMatch(
      /101XX00DEMO01\.001: an update of 101XX00DEMO01, whose base dataset .* is neither in this upload nor stored/,
    );

    const changed = await upload(p, [file(`${DEMO_S101_NAME}.001`, buildDemoS101Update(1, { issueDate: '20240501' }))]);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toContain('update 1 of 101XX00DEMO01 is stored already, with other content');
    expect(await list(other)).toEqual([]);
    expect((await listBlobFiles(t)).filter((k) => !before.includes(k)).every((k) => k.includes(`/${DEMO_S101_NAME}/`))).toBe(true);
  });

  it('refuses an S-57 cell and a truncated dataset naming the file, and stores nothing of the upload', async () => {
    const p = await loginProvider(t, 'Refusing Office');
    const before = await listBlobFiles(t);

    const s57 = await upload(p, [base(), file('XX5DEMO1.000', buildDemoHarbourCell())]);
    expect(s57.statusCode).toBe(400);
    expect(s57.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringMatching(/^XX5DEMO1\.000: not an S-101 dataset/) });
    expect(s57.json().details).toEqual([expect.objectContaining({ path: 'body.files.XX5DEMO1.000' })]);

    const bytes = buildDemoS101Dataset();
    const truncated = await upload(p, [file('101XX00CUT001.000', bytes.subarray(0, Math.floor(bytes.length * 0.6)))]);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringMatching(/^101XX00CUT001\.000: /) });

    const foreignH5 = await upload(p, [file('102XX00GRID1.h5', new TextEncoder().encode('not HDF5 at all'))]);
    expect(foreignH5.statusCode).toBe(400);
    expect(foreignH5.json().message).toMatch(/^102XX00GRID1\.H5: /);

    const nothing = await upload(p, [file('README.TXT', new TextEncoder().encode('hello'))]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('README.TXT');

    expect(await list(p)).toEqual([]);
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('takes a zipped unprotected exchange set, leaving its catalogue and support files aside', async () => {
    const p = await loginProvider(t, 'Zip Office');
    const zip = zipSync({
      'S100_ROOT/CATALOG.XML': new TextEncoder().encode('<S100XC:S100_ExchangeCatalogue/>'),
      [`S100_ROOT/S-101/DATASET_FILES/${DEMO_S101_NAME}.000`]: buildDemoS101Dataset(),
      [`S100_ROOT/S-101/DATASET_FILES/${DEMO_S101_NAME}.001`]: buildDemoS101Update(1),
      'S100_ROOT/S-101/SUPPORT_FILES/NOTE.TXT': new TextEncoder().encode('note'),
    });
    const res = await upload(p, [file('set.zip', zip)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      datasets: [expect.objectContaining({ name: DEMO_S101_NAME, update: 1 })],
      ignored: ['set.zip:S100_ROOT/CATALOG.XML', 'set.zip:S100_ROOT/S-101/SUPPORT_FILES/NOTE.TXT'],
    });
  });

  it('stores S-104 files by their metadata, refuses an S-111 file failing its checks; other bytes under a stored name are the next edition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 's100-h5-'));
    try {
      await writeS104Grid(join(dir, 'a.h5'));
      await writeS104Grid(join(dir, 'b.h5'), { steps: 5 });
      await writeS111Stations(join(dir, 'c.h5'));
      const p = await loginProvider(t, 'Tides Office');
      // The fixture's S-111 has no root bounding box, which its product specification requires.
      const stations = await upload(p, [
        file('104US00CHES1.h5', readFileSync(join(dir, 'a.h5'))),
        file('STATIONS.h5', readFileSync(join(dir, 'c.h5'))),
      ]);
      expect(stations.statusCode).toBe(400);
      expect(stations.json().message).toMatch(/^STATIONS\.H5: fails the S-111 checks: root attribute 'westBoundLongitude' is missing/);
      expect(await list(p)).toEqual([]);

      // The product comes from the file's metadata, not its name.
      const first = await upload(p, [
        file('TIDES.h5', readFileSync(join(dir, 'a.h5'))),
        file('104US00CHES1.h5', readFileSync(join(dir, 'a.h5'))),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const listed = await list(p);
      expect(listed).toEqual([
        expect.objectContaining({
          product: 'S-104',
          name: '104US00CHES1',
          fileName: '104US00CHES1.H5',
          edition: 1,
          update: 0,
          issueDate: '2024-01-15',
          title: 'Chesapeake Bay',
          bbox: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
        }),
        expect.objectContaining({ product: 'S-104', name: 'TIDES', edition: 1 }),
      ]);
      expect(listed[0]).not.toHaveProperty('features');

      const same = await upload(p, [file('104US00CHES1.h5', readFileSync(join(dir, 'a.h5')))]);
      expect(same.json()).toMatchObject({ datasets: [], unchanged: ['104US00CHES1'] });
      const next = await upload(p, [file('104US00CHES1.h5', readFileSync(join(dir, 'b.h5')))]);
      expect(next.json().datasets).toEqual([expect.objectContaining({ name: '104US00CHES1', edition: 2, update: 0 })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies one of two simultaneous uploads of the same update, and keeps no file of the other', async () => {
    const p = await loginProvider(t, 'Racing Office');
    expect((await upload(p, [base()])).statusCode).toBe(200);
    const [a, b] = await Promise.all([upload(p, [update(1)]), upload(p, [update(1)])]);
    const answers = [a, b].map((r) => ({ status: r.statusCode, body: r.json() }));
    // The one that came second either lost the race (409, nothing kept) or found the update stored.
    expect(answers.filter((r) => r.status === 200 && r.body.datasets.length === 1)).toHaveLength(1);
    const other = answers.find((r) => !(r.status === 200 && r.body.datasets.length === 1))!;
    expect(other.status === 409 ? other.body.code : other.body.unchanged).toEqual(other.status === 409 ? 'conflict' : [DEMO_S101_NAME]);
    expect(await list(p)).toEqual([expect.objectContaining({ update: 1 })]);
    const files = (await listBlobFiles(t)).filter((k) => k.includes(`s100/${p.gcId}/`));
    expect(files.map((k) => k.slice(k.lastIndexOf('/') + 1)).sort()).toEqual([`${DEMO_S101_NAME}.000`, `${DEMO_S101_NAME}.001`]);
  });

  it('answers only the owner: another provider gets 404, a user 403, a stranger 401', async () => {
    const p = await loginProvider(t, 'Owner Office');
    expect((await upload(p, [base()])).statusCode).toBe(200);
    const other = await loginProvider(t, 'Nosy Office');
    const peek = await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}`, headers: other.headers });
    expect(peek.statusCode).toBe(404);
    const before = await listBlobFiles(t);
    const into = await upload({ headers: other.headers, gcId: p.gcId }, [update(1)]);
    expect(into.statusCode).toBe(404);
    expect(await listBlobFiles(t)).toEqual(before);
    const user = await t.loginAs('user');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}`, headers: user.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}` })).statusCode).toBe(401);
    expect(await list(p)).toEqual([expect.objectContaining({ update: 0 })]);
  });
});
