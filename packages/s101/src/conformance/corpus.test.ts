// The reader against the real S-101 datasets of the shared corpus (SHOM's load/unload test sets,
// and the S-101 2.0 test dataset beside the S-57 files), checked by an independent reading: a small
// ISO 8211 walk written here, which knows the S-101 field layouts by heart and shares no code with
// the reader (nor with @chartroom/iso8211).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readS57 } from '@chartroom/s57';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { S101Error } from '../errors.js';
import { s101Features } from '../features.js';
import { getS101Info } from '../info.js';
import { openS101 } from '../node.js';

const FILES = hasTestdata
  ? [
      ...readdirSync(testdataPath('s101'))
        .filter((f) => f.endsWith('.000'))
        .map((f) => `s101/${f}`),
      's57/s101-not-s57/101AA00DS0003.000',
    ]
  : [];

interface Walked {
  dsid: { DSNM: string; DSED: string; DSRD: string; PRSP: string };
  cmf: [number, number, number];
  nofr: number;
  featureCounts: Record<string, number>;
  informationCounts: Record<string, number>;
  recordCounts: Record<string, number>;
  /** Feature RCID → type and first spatial reference. */
  features: Map<number, { type: string; rrnm: number; rrid: number }>;
  /** Point RCID → [x, y] (raw). */
  points: Map<number, [number, number]>;
  /** Multipoint RCID → first [x, y, z] (raw). */
  multiPoints: Map<number, [number, number, number]>;
  /** Every curve vertex as 'x,y' (raw). */
  curveVertices: Set<string>;
}

/** The independent reading: leaders, directories, and the few S-101 fields the checks need. */
function walk(bytes: Uint8Array): Walked {
  const ascii = (a: number, b: number): string => String.fromCharCode(...bytes.subarray(a, b));
  const int = (a: number, n: number): number => Number(ascii(a, a + n));
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder();
  const out: Walked = {
    dsid: { DSNM: '', DSED: '', DSRD: '', PRSP: '' },
    cmf: [0, 0, 0],
    nofr: 0,
    featureCounts: {},
    informationCounts: {},
    recordCounts: {},
    features: new Map(),
    points: new Map(),
    multiPoints: new Map(),
    curveVertices: new Set(),
  };
  const ftcs = new Map<number, string>();
  const itcs = new Map<number, string>();
  let p = int(0, 5); // skip the data descriptive record
  while (p < bytes.length) {
    const length = int(p, 5);
    const base = int(p + 12, 5);
    const sizeLen = int(p + 20, 1),
      sizePos = int(p + 21, 1),
      sizeTag = int(p + 23, 1);
    const fields: { tag: string; start: number; end: number }[] = [];
    for (let e = p + 24; bytes[e] !== 0x1e; e += sizeTag + sizeLen + sizePos) {
      const len = int(e + sizeTag, sizeLen);
      const pos = int(e + sizeTag + sizeLen, sizePos);
      fields.push({ tag: ascii(e, e + sizeTag), start: p + base + pos, end: p + base + pos + len - 1 });
    }
    const texts = (a: number, n: number): { values: string[]; next: number } => {
      const values: string[] = [];
      for (let i = 0; i < n; i++) {
        let q = a;
        while (bytes[q] !== 0x1f) q++;
        values.push(utf8.decode(bytes.subarray(a, q)));
        a = q + 1;
      }
      return { values, next: a };
    };
    const codeTable = (f: { start: number; end: number }, into: Map<number, string>): void => {
      for (let a = f.start; a < f.end;) {
        const t = texts(a, 1);
        into.set(dv.getUint16(t.next, true), t.values[0]!);
        a = t.next + 2;
      }
    };
    const kind = fields[0]!.tag;
    out.recordCounts[kind] = (out.recordCounts[kind] ?? 0) + 1;
    for (const f of fields) {
      if (f.tag === 'DSID') {
        // RCNM, RCID, then ENSP ENED PRSP PRED PROF DSNM DSTL, DSRD (8 bytes), DSLG DSAB DSED.
        const a = texts(f.start + 5, 7);
        const b = texts(a.next + 8, 3);
        out.dsid = { PRSP: a.values[2]!, DSNM: a.values[5]!, DSRD: ascii(a.next, a.next + 8), DSED: b.values[2]! };
      } else if (f.tag === 'DSSI') {
        out.cmf = [dv.getUint32(f.start + 24, true), dv.getUint32(f.start + 28, true), dv.getUint32(f.start + 32, true)];
        out.nofr = dv.getUint32(f.start + 60, true);
      } else if (f.tag === 'FTCS') codeTable(f, ftcs);
      else if (f.tag === 'ITCS') codeTable(f, itcs);
      else if (f.tag === 'FRID') {
        const type = ftcs.get(dv.getUint16(f.start + 5, true))!;
        out.featureCounts[type] = (out.featureCounts[type] ?? 0) + 1;
        const spas = fields.find((g) => g.tag === 'SPAS');
        out.features.set(dv.getUint32(f.start + 1, true), {
          type,
          rrnm: spas ? bytes[spas.start]! : 0,
          rrid: spas ? dv.getUint32(spas.start + 1, true) : 0,
        });
      } else if (f.tag === 'IRID') {
        const type = itcs.get(dv.getUint16(f.start + 5, true))!;
        out.informationCounts[type] = (out.informationCounts[type] ?? 0) + 1;
      } else if (f.tag === 'C2IT' && kind === 'PRID') {
        out.points.set(dv.getUint32(fields[0]!.start + 1, true), [dv.getInt32(f.start + 4, true), dv.getInt32(f.start, true)]);
      } else if (f.tag === 'C3IL' && kind === 'MRID') {
        const a = f.start + 1;
        out.multiPoints.set(dv.getUint32(fields[0]!.start + 1, true), [
          dv.getInt32(a + 4, true),
          dv.getInt32(a, true),
          dv.getInt32(a + 8, true),
        ]);
      } else if (f.tag === 'C2IL') {
        for (let a = f.start; a + 8 <= f.end; a += 8) out.curveVertices.add(`${dv.getInt32(a + 4, true)},${dv.getInt32(a, true)}`);
      }
    }
    p += length;
  }
  return out;
}

const sorted = (o: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

describe.skipIf(!hasTestdata)('corpus: the S-101 datasets, against an independent ISO 8211 walk', () => {
  for (const rel of FILES) {
    describe(rel, () => {
      const w = walk(new Uint8Array(readFileSync(testdataPath(rel))));
      const ds = openS101(testdataPath(rel));
      const info = getS101Info(ds);

      it('has the metadata of the DSID and DSSI', () => {
        const [edition, update] = w.dsid.DSED.split('.').map(Number);
        expect(info).toMatchObject({
          product: 'S-101',
          name: w.dsid.DSNM.replace(/\.000$/, ''),
          fileName: w.dsid.DSNM,
          edition,
          update: update ?? 0,
          issueDate: w.dsid.DSRD,
          productSpecification: w.dsid.PRSP,
          profile: 1,
          coordinateMultipliers: { x: w.cmf[0], y: w.cmf[1], z: w.cmf[2] },
        });
        expect(info.crs.horizontal).toEqual({ name: 'WGS84', epsg: 4326 });
      });

      it('counts the features and information records per type, named from the FTCS and ITCS', () => {
        expect(info.featureCounts).toEqual(sorted(w.featureCounts));
        expect(info.informationCounts).toEqual(sorted(w.informationCounts));
        expect(Object.values(info.featureCounts).reduce((a, b) => a + b, 0)).toBe(w.nofr);
        expect(ds.recordCounts).toMatchObject({
          Point: w.recordCounts.PRID ?? 0,
          Curve: w.recordCounts.CRID ?? 0,
          Surface: w.recordCounts.SRID ?? 0,
          FeatureType: w.recordCounts.FRID ?? 0,
        });
      });

      it('places points, soundings and depth areas where the records say, in WGS 84', () => {
        const [cx, cy, cz] = w.cmf;
        const byRcid = new Map([...s101Features(ds)].map((f) => [f.rcid, f]));
        const aids = [...w.features].filter(([, f]) => /^(Light|Buoy|Beacon)/.test(f.type) && f.rrnm === 110);
        // SHOM's datasets have aids to navigation; the 2.0 test dataset has none.
        if (rel.startsWith('s101/')) expect(aids.length).toBeGreaterThan(0);
        for (const [rcid, f] of aids.slice(0, 25)) {
          const [x, y] = w.points.get(f.rrid)!;
          const g = byRcid.get(rcid)!.geometry;
          expect(g?.type, `${f.type} ${rcid}`).toBe('Point');
          if (g?.type !== 'Point') continue;
          expect(g.coordinates[0]).toBeCloseTo(x / cx, 9);
          expect(g.coordinates[1]).toBeCloseTo(y / cy, 9);
        }
        const soundings = [...w.features].filter(([, f]) => f.type === 'Sounding');
        for (const [rcid, f] of soundings.slice(0, 25)) {
          const [x, y, z] = w.multiPoints.get(f.rrid)!;
          const g = byRcid.get(rcid)!.geometry;
          expect(g?.type).toBe('MultiPoint');
          if (g?.type !== 'MultiPoint') continue;
          expect(g.coordinates[0]).toEqual([x / cx, y / cy, z / cz]);
        }
        const bbox = info.bbox!;
        const depthAreas = [...byRcid.values()].filter((f) => f.type === 'DepthArea');
        expect(depthAreas.length).toBe(w.featureCounts.DepthArea ?? 0);
        const problems: string[] = [];
        for (const f of depthAreas) {
          const g = f.geometry;
          const polygons = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
          if (polygons.length === 0) problems.push(`DepthArea ${f.rcid}: ${g?.type ?? 'no geometry'}`);
          for (const ring of polygons.flat()) {
            const n = ring.length;
            if (n < 8 || ring[0] !== ring[n - 2] || ring[1] !== ring[n - 1]) problems.push(`DepthArea ${f.rcid}: a ring is not closed`);
            for (let i = 0; i < n; i += 2) {
              const [x, y] = [ring[i]!, ring[i + 1]!];
              if (x < bbox[0] - 1e-9 || x > bbox[2] + 1e-9 || y < bbox[1] - 1e-9 || y > bbox[3] + 1e-9)
                problems.push(`DepthArea ${f.rcid}: ${x} ${y} outside the bbox`);
              // Every vertex is a vertex of some curve of the file.
              if (!w.curveVertices.has(`${Math.round(x * cx)},${Math.round(y * cy)}`))
                problems.push(`DepthArea ${f.rcid}: ${x} ${y} is no curve's vertex`);
            }
          }
        }
        expect(problems.slice(0, 10)).toEqual([]);
      });

      it('is refused by the S-57 reader', () => {
        expect(() => readS57(new Uint8Array(readFileSync(testdataPath(rel))))).toThrow(/not S-57/);
      });
    });
  }
});

describe.skipIf(!hasTestdata)('corpus: S-57 files refused by the S-101 reader', () => {
  const refusal = (rel: string): S101Error => {
    try {
      openS101(testdataPath(rel), { updates: 'ignore' });
    } catch (e) {
      if (e instanceof S101Error) return e;
      throw e;
    }
    throw new Error(`${rel} was read as S-101`);
  };

  it('an S-57 cell and an S-57 update name what they are', () => {
    for (const rel of ['s57/noaa-US4MD81M/US4MD81M.000', 's57/noaa-US4MD81M/US4MD81M.001', 's57/es-fgorina/ES539411.002']) {
      const e = refusal(rel);
      expect(e.code, rel).toBe('not_s101');
      expect(e.message).toMatch(/S-57 cell/);
    }
  });

  it('an S-57 exchange set catalogue and the S-63 encrypted cell', () => {
    expect(refusal('s57/iho-s64-2.1.1/CATALOG.031').message).toMatch(/exchange set catalogue/);
    expect(refusal('s63/NO4D0512_encrypted.000').code).toBe('not_iso8211');
  });
});
