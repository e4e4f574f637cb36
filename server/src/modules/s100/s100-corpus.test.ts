import { readdirSync, readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { listBlobFiles, loginProvider, postFiles } from '../charts/charts.test-helper.js';

// adds100 with the corpus's real datasets: SHOM's five S-101 datasets and BSH's S-102 grid. What is
// expected of each S-101 dataset comes from a small ISO 8211 walk written here (DSID and the FTCS
// code table, then one count per FRID), not from the reader the portal uses.

const S101 = hasTestdata ? readdirSync(testdataPath('s101')).filter((f) => f.endsWith('.000')) : [];

/** DSNM, DSED, DSRD and features per type, read straight from the records' fields. */
function walk(bytes: Uint8Array) {
  const ascii = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, b));
  const int = (a: number, n: number) => Number(ascii(a, a + n));
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder();
  const text = (a: number) => {
    let q = a;
    while (bytes[q] !== 0x1f) q++;
    return { value: utf8.decode(bytes.subarray(a, q)), next: q + 1 };
  };
  const out = { DSNM: '', DSED: '', DSRD: '', features: {} as Record<string, number> };
  const ftcs = new Map<number, string>();
  for (let p = int(0, 5); p < bytes.length; p += int(p, 5)) {
    const base = int(p + 12, 5);
    const [sizeLen, sizePos, sizeTag] = [int(p + 20, 1), int(p + 21, 1), int(p + 23, 1)];
    for (let e = p + 24; bytes[e] !== 0x1e; e += sizeTag + sizeLen + sizePos) {
      const tag = ascii(e, e + sizeTag);
      const start = p + base + int(e + sizeTag + sizeLen, sizePos);
      const end = start + int(e + sizeTag, sizeLen) - 1;
      if (tag === 'DSID') {
        // RCNM, RCID, then ENSP ENED PRSP PRED PROF DSNM DSTL, DSRD (8 bytes), DSLG DSAB DSED.
        let a = start + 5;
        const values: string[] = [];
        for (let i = 0; i < 7; i++) ({ value: values[i], next: a } = text(a) as { value: string; next: number });
        out.DSNM = values[5]!;
        out.DSRD = ascii(a, a + 8);
        a += 8;
        for (let i = 0; i < 3; i++) ({ value: out.DSED, next: a } = text(a));
      } else if (tag === 'FTCS') {
        for (let a = start; a < end;) {
          const t = text(a);
          ftcs.set(dv.getUint16(t.next, true), t.value);
          a = t.next + 2;
        }
      } else if (tag === 'FRID') {
        const type = ftcs.get(dv.getUint16(start + 5, true))!;
        out.features[type] = (out.features[type] ?? 0) + 1;
      }
    }
  }
  return out;
}

describe.skipIf(!hasTestdata)('adds100 with the corpus (SHOM S-101, BSH S-102)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores the five S-101 datasets of a zip and the S-102 grid, with their metadata and feature counts', async () => {
    expect(S101.length).toBe(5);
    const p = await loginProvider(t, 'SHOM');
    const zip = zipSync(Object.fromEntries(S101.map((f) => [`S100_ROOT/S-101/DATASET_FILES/${f}`, readFileSync(testdataPath('s101', f))])));
    const res = await postFiles(t, '/api/geocontent/adds100', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'files', filename: 'shom.zip', data: zip },
      { name: 'files', filename: '102DE00NO13R.H5', data: readFileSync(testdataPath('s102/102DE00NO13R.H5')) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datasets).toHaveLength(6);

    const listed = await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}`, headers: p.headers });
    const datasets = listed.json().datasets as Record<string, unknown>[];
    for (const f of S101) {
      const w = walk(new Uint8Array(readFileSync(testdataPath('s101', f))));
      const [edition, update] = w.DSED.split('.').map(Number);
      const name = w.DSNM.replace(/\.000$/, '');
      expect(
        datasets.find((d) => d.name === name),
        name,
      ).toMatchObject({
        product: 'S-101',
        fileName: `${name}.000`,
        edition,
        update: update ?? 0,
        issueDate: `${w.DSRD.slice(0, 4)}-${w.DSRD.slice(4, 6)}-${w.DSRD.slice(6)}`,
        features: w.features,
        bbox: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
      });
      // SHOM's datasets lie off Brittany and in the Channel.
      const [west, south, east, north] = datasets.find((d) => d.name === name)!.bbox as number[];
      expect(west! < east! && south! < north! && west! > -7 && east! < 0 && south! > 46 && north! < 51).toBe(true);
    }
    const truth = JSON.parse(readFileSync(testdataPath('ground-truth.json'), 'utf8')).s102['s102/102DE00NO13R.H5'].root_attributes;
    const d = truth.issueDate.value as string;
    expect(datasets.find((x) => x.name === '102DE00NO13R')).toMatchObject({
      product: 'S-102',
      fileName: '102DE00NO13R.H5',
      edition: 1,
      update: 0,
      issueDate: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`,
    });
    expect(datasets.find((x) => x.name === '102DE00NO13R')).not.toHaveProperty('features');
  });

  it('refuses a real S-57 cell, a truncated real S-101 dataset and the S-102 grid with S-158 errors, keeping nothing', async () => {
    const p = await loginProvider(t, 'Refused');
    const before = await listBlobFiles(t);
    const good = { name: 'files', filename: S101[0]!, data: readFileSync(testdataPath('s101', S101[0]!)) };
    const cases: [string, Uint8Array, RegExp][] = [
      ['US4MD81M.000', readFileSync(testdataPath('s57/noaa-US4MD81M/US4MD81M.000')), /^US4MD81M\.000: not an S-101 dataset/],
      [S101[1]!, readFileSync(testdataPath('s101', S101[1]!)).subarray(0, 100_000), new RegExp(`^${S101[1]!.replace('.', '\\.')}: `)],
      [
        '102DE00NO13R_S158P1.H5',
        readFileSync(testdataPath('s102/102DE00NO13R_S158P1.H5')),
        /^102DE00NO13R_S158P1\.H5: fails the S-102 checks: .*issueDate/,
      ],
    ];
    for (const [filename, data, message] of cases) {
      const res = await postFiles(t, '/api/geocontent/adds100', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        good,
        { name: 'files', filename, data },
      ]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringMatching(message) });
    }
    const listed = await t.app.inject({ method: 'GET', url: `/api/geocontent/s100-datasets?gcid=${p.gcId}`, headers: p.headers });
    expect(listed.json().datasets).toEqual([]);
    expect(await listBlobFiles(t)).toEqual(before);
  });
});
