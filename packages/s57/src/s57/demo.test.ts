import { describe, expect, it } from 'vitest';
import { S57Error } from '../errors.js';
import { toGeoJSON } from '../geo/geojson.js';
import { signedArea2 } from '../geo/rings.js';
import type { Feature } from '../geo/types.js';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from './demo.js';
import { getCellInfo, getCellMetadata, getGdalDsidFields } from './info.js';
import { readS57 } from './read.js';
import { applyUpdates } from './update.js';

const base = readS57(buildDemoHarbourCell(), { fileName: 'XX5DEMO1.000' });
const byClass = (fs: Feature[], c: string): Feature[] => fs.filter((f) => f.properties.layer === c);

describe('demo harbour cell', () => {
  it('has the metadata it was written with', () => {
    const info = getCellInfo(base);
    expect(Object.keys(info)).toEqual([
      'name',
      'edition',
      'update',
      'issueDate',
      'updateApplicationDate',
      'intendedUsage',
      'compilationScale',
      'agency',
      'comment',
      'featureCounts',
      'bbox',
    ]);
    expect(info).toMatchObject({
      name: 'XX5DEMO1',
      edition: 1,
      update: 0,
      issueDate: '20240105',
      updateApplicationDate: '20240105',
      intendedUsage: { number: 5, name: 'Harbour' },
      compilationScale: 12000,
      agency: 999,
    });
    expect(info.featureCounts).toEqual({
      BOYCAR: 1,
      BOYLAT: 2,
      COALNE: 2,
      DEPARE: 3,
      DEPCNT: 2,
      LIGHTS: 2,
      LNDARE: 2,
      M_COVR: 1,
      SOUNDG: 1,
    });
    expect(info.bbox).toEqual([10, 54, 10.1, 54.06]);
    const meta = getCellMetadata(base);
    expect(meta).toMatchObject({
      s57Edition: 3.1,
      exchangePurpose: { number: 1, name: 'New' },
      coordinateMultiplier: 1e7,
      soundingMultiplier: 10,
      nationalLexicalLevel: 2,
      horizontalDatum: 2,
    });
    expect(meta.declaredCounts).toMatchObject({ NOMR: 1, NOGR: 15, NOIN: 5, NOCN: 11, NOED: 14 });
    expect(meta.recordCounts).toEqual({ DS: 1, DP: 1, VC: 11, VE: 14, VI: 5, FE: 16 });
    expect(getGdalDsidFields(base)).toMatchObject({ DSID_EDTN: '1', DSID_UPDN: '0', DSID_STED: 3.1, DSPM_CSCL: 12000, DSSI_NALL: 2 });
  });

  it('assembles areas into exterior and interior rings (RFC 7946 order)', () => {
    const fc = toGeoJSON(base);
    const deep = byClass(fc.features, 'DEPARE').find((f) => f.properties.DRVAL1 === 10)!;
    expect(deep.geometry!.type).toBe('Polygon');
    const rings = deep.geometry!.coordinates as number[][][];
    expect(rings).toHaveLength(2);
    expect(signedArea2(rings[0]!.flat())).toBeGreaterThan(0);
    expect(signedArea2(rings[1]!.flat())).toBeLessThan(0);
    expect(rings[0]![0]).toEqual(rings[0]![rings[0]!.length - 1]);
    const land = byClass(fc.features, 'LNDARE').find((f) => f.properties.OBJNAM === 'Demo Land')!;
    expect(land.geometry!.coordinates).toEqual([
      [
        [10, 54],
        [10.1, 54],
        [10.1, 54.02],
        [10.08, 54.019],
        [10.06, 54.022],
        [10.04, 54.018],
        [10.02, 54.021],
        [10, 54.02],
        [10, 54],
      ],
    ]);
  });

  it('builds lines from edges honouring orientation, soundings with depth, typed attributes', () => {
    const fc = toGeoJSON(base, { classes: ['COALNE', 'SOUNDG', 'BOYCAR', 'BOYLAT', 'LNDARE'] });
    expect(new Set(fc.features.map((f) => f.properties.layer))).toEqual(new Set(['COALNE', 'SOUNDG', 'BOYCAR', 'BOYLAT', 'LNDARE']));
    const coast = byClass(fc.features, 'COALNE').find((f) => f.properties.CATCOA === 6)!;
    expect(coast.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [10, 54.02],
        [10.02, 54.021],
        [10.04, 54.018],
        [10.06, 54.022],
        [10.08, 54.019],
        [10.1, 54.02],
      ],
    });
    const sounding = byClass(fc.features, 'SOUNDG')[0]!;
    expect(sounding.geometry!.type).toBe('MultiPoint');
    expect((sounding.geometry!.coordinates as number[][])[0]).toEqual([10.03, 54.025, 3.2]);
    const cardinal = byClass(fc.features, 'BOYCAR')[0]!;
    expect(cardinal.properties).toMatchObject({ BOYSHP: 5, CATCAM: 1, COLOUR: [2, 6], OBJNAM: 'Demo North', LNAM: '03E70000000E0001' });
    const port = byClass(fc.features, 'BOYLAT').find((f) => f.properties.CATLAM === 1)!;
    expect(port.properties.LNAM_REFS).toEqual(['03E7000003F00001']);
    const island = byClass(fc.features, 'LNDARE').find((f) => f.properties.OBJNAM === 'Demo Island')!;
    expect(island.properties.NOBJNM).toBe('Demoinsel Möwe');
  });
});

describe('updates', () => {
  const upd = (n: number, opts?: { edition?: number }) => readS57(buildDemoHarbourUpdate(n, opts), { fileName: `XX5DEMO1.00${n}` });

  it('applies updates in order: inserts, attribute modifications, last UPDN/ISDT, base UADT', () => {
    const ds = applyUpdates(base, [upd(1), upd(2), upd(3)]);
    const info = getCellInfo(ds);
    expect(info.update).toBe(3);
    expect(info.issueDate).toBe('20240208');
    expect(info.updateApplicationDate).toBe('20240105');
    expect(info.featureCounts.BOYSPP).toBe(3);
    const light = toGeoJSON(ds, { classes: ['LIGHTS'] }).features.find((f) => f.properties.RCID === 15)!;
    expect(light.properties.OBJNAM).toBe('Demo Harbour Light (update 3)');
    expect(light.properties.RVER).toBe(4);
    expect(light.properties.VALNMR).toBe(10);
    // The base dataset is left unchanged.
    expect(getCellInfo(base).update).toBe(0);
    expect(ds.warnings).toEqual([]);
  });

  it('reads an update file alone as it is', () => {
    const u = upd(2);
    expect(u.isUpdateFile).toBe(true);
    const info = getCellInfo(u);
    expect(info).toMatchObject({ name: 'XX5DEMO1', update: 2, updateApplicationDate: null, compilationScale: null });
    expect(info.featureCounts).toEqual({ BOYSPP: 1, LIGHTS: 1 });
  });

  it('refuses an update out of sequence', () => {
    expect(() => applyUpdates(base, [upd(2)])).toThrow(/expected update 1/);
    try {
      applyUpdates(base, [upd(1), upd(3)]);
    } catch (e) {
      expect(e).toBeInstanceOf(S57Error);
      expect((e as S57Error).code).toBe('update_sequence');
    }
    expect.assertions(3);
  });

  it('refuses an update for another edition', () => {
    let err: unknown;
    try {
      applyUpdates(base, [upd(1, { edition: 2 })]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(S57Error);
    expect((err as S57Error).code).toBe('update_edition');
    expect((err as S57Error).message).toMatch(/edition 2 but the cell is edition 1/);
  });
});
