// Update datasets applied to a base (S-101 Annex B-6): written here with the package's writer, so
// they run on a fresh clone; and one applied to a real SHOM dataset of the corpus.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { readS101, type S101Dataset } from './dataset.js';
import { buildDemoS101Dataset, buildDemoS101Update, demoS101Content, DEMO_S101_NAME } from './demo.js';
import { S101Error } from './errors.js';
import { s101Features, type S101Feature } from './features.js';
import { getS101Info } from './info.js';
import { RCNM_COMPOSITE_CURVE, RCNM_CURVE, RCNM_MULTIPOINT, RCNM_POINT, RCNM_SURFACE } from './model.js';
import { flatAttributes, writeS101, type WriteS101 } from './writer.js';

const base = buildDemoS101Dataset();
const upd = (n: number, content: Partial<WriteS101> = {}): { bytes: Uint8Array; fileName: string } => {
  const name = `${DEMO_S101_NAME}.${String(n).padStart(3, '0')}`;
  return { bytes: writeS101({ name, edition: 1, update: n, issueDate: '20240501', ...content }), fileName: name };
};
const byRcid = (ds: S101Dataset): Map<number, S101Feature> => new Map([...s101Features(ds)].map((f) => [f.rcid, f]));
const failure = (fn: () => unknown): S101Error => {
  try {
    fn();
  } catch (e) {
    if (e instanceof S101Error) return e;
    throw e;
  }
  throw new Error('no error');
};

describe('S-101 update datasets', () => {
  it('apply in order: inserted features, modified attributes, the last update number and issue date', () => {
    const ds = readS101(
      base,
      [1, 2].map((n) => ({ bytes: buildDemoS101Update(n), fileName: `${DEMO_S101_NAME}.00${n}` })),
    );
    const info = getS101Info(ds);
    expect(info).toMatchObject({ edition: 1, update: 2, issueDate: '20240402', appliedUpdates: [1, 2], warnings: [] });
    expect(info.featureCounts.BuoySpecialPurposeGeneral).toBe(2);
    const f = byRcid(ds);
    expect(f.get(10)!.attributes.featureName).toEqual({ name: 'Demo Light 2' });
    expect(f.get(102)!.geometry).toEqual({ type: 'Point', coordinates: [10.03, 54.045] });
    // The base alone is unchanged.
    expect(getS101Info(readS101(base)).featureCounts.BuoySpecialPurposeGeneral).toBeUndefined();
  });

  it('deletes records, and changes coordinates (COCC), curve components (CCOC), rings (RAUI) and spatial associations (SAUI)', () => {
    const ds = readS101(base, [
      upd(1, {
        features: [
          { rcid: 12, type: 'BuoyCardinal', rver: 2, ruin: 2 },
          {
            rcid: 11,
            type: 'BuoyLateral',
            rver: 2,
            ruin: 3,
            // Moved to point 3 (the cardinal buoy's), its colour changed, a second colour inserted.
            spatial: [
              { rcnm: RCNM_POINT, rcid: 2, instruction: 2 },
              { rcnm: RCNM_POINT, rcid: 3, instruction: 1 },
            ],
            attributes: [
              { code: 'colour', index: 1, instruction: 3, value: '4' },
              { code: 'colour', index: 2, instruction: 1, value: '1' },
              { code: 'categoryOfLateralMark', index: 1, instruction: 2 },
            ],
          },
        ],
        // The second sounding moves, a sixth is appended.
        multiPoints: [{ rcid: 1, rver: 2, ruin: 3, points: [[10.081, 54.051, 8.8]], control: { instruction: 3, index: 2, count: 1 } }],
        // The 5 m contour (curve 6) gets a vertex in its middle.
        curves: [{ rcid: 6, rver: 2, ruin: 3, coords: [[10.05, 54.041]], control: { instruction: 1, index: 2, count: 1 } }],
      }),
      upd(2, {
        multiPoints: [{ rcid: 1, rver: 3, ruin: 3, points: [[10.09, 54.055, 9.9]], control: { instruction: 1, index: 6, count: 1 } }],
        // The island's hole leaves the 0–5 m area.
        surfaces: [{ rcid: 2, rver: 2, ruin: 3, rings: [{ rcnm: RCNM_CURVE, rcid: 11, instruction: 2 }] }],
      }),
    ]);
    expect(ds.warnings).toEqual([]);
    const f = byRcid(ds);
    expect(f.has(12)).toBe(false);
    expect(f.get(11)!.attributes).toEqual({ buoyShape: '2', colour: ['4', '1'], featureName: { name: 'Demo Red' } });
    expect(f.get(11)!.geometry).toEqual({ type: 'Point', coordinates: [10.07, 54.036] });
    const soundings = f.get(9)!.geometry;
    expect(soundings?.type === 'MultiPoint' && soundings.coordinates).toEqual([
      [10.02, 54.05, 7.2],
      [10.081, 54.051, 8.8],
      [10.02, 54.01, 14.5],
      [10.08, 54.01, 17.8],
      [10.03, 54.03, 3.1],
      [10.09, 54.055, 9.9],
    ]);
    expect(f.get(7)!.geometry).toEqual({ type: 'LineString', coordinates: [10, 54.04, 10.05, 54.041, 10.1, 54.04] });
    // The 0–5 m area's ring follows the moved contour (a shared curve) and has no hole any more.
    const shallow = f.get(3)!.geometry;
    expect(shallow?.type === 'Polygon' && shallow.coordinates.length).toBe(1);
    expect(shallow?.type === 'Polygon' && shallow.coordinates[0]).toContain(10.05);
    expect(getS101Info(ds).featureCounts.BuoyCardinal).toBeUndefined();
  });

  it('changes nested attributes and composite curves, and inserts information records', () => {
    const content = demoS101Content();
    const ds = readS101(base, [
      upd(1, {
        information: [{ rcid: 1, type: 'NauticalInformation', attributes: flatAttributes({ information: { text: 'Works in progress' } }) }],
        features: [
          {
            rcid: 10,
            type: 'LightAllAround',
            rver: 2,
            ruin: 3,
            attributes: [
              { code: 'rhythmOfLight', index: 1, instruction: 3, value: '' },
              { code: 'signalPeriod', index: 1, parent: 1, instruction: 3, value: '6' },
              { code: 'signalGroup', index: 1, parent: 1, instruction: 2 },
            ],
            information: [{ rcid: 1, association: 'AdditionalInformation', role: 'providesInformation' }],
          },
        ],
        // The coverage's ring loses its two western curves and is closed by one new curve instead.
        curves: [
          {
            rcid: 50,
            coords: [
              [10.0, 54.06],
              [10.0, 54.0],
            ],
          },
        ],
        compositeCurves: [{ rcid: 4, rver: 2, ruin: 3, components: [{ rcid: 50 }], control: { instruction: 3, index: 6, count: 1 } }],
      }),
    ]);
    expect(ds.warnings).toEqual([]);
    const f = byRcid(ds);
    expect(f.get(10)!.attributes.rhythmOfLight).toEqual({ lightCharacteristic: '2', signalPeriod: '6' });
    expect(f.get(10)!.informationAssociations).toEqual([
      {
        rcid: 1,
        type: 'NauticalInformation',
        association: 'AdditionalInformation',
        role: 'providesInformation',
        attributes: {},
        information: { information: { text: 'Works in progress' } },
      },
    ]);
    expect(getS101Info(ds).informationCounts).toEqual({ NauticalInformation: 1 });
    const coverage = f.get(1)!.geometry;
    expect(coverage?.type).toBe('Polygon');
    expect(content.compositeCurves![3]!.components.map((c) => c.rcid)).toEqual([1, 2, 5, 8, 9, 10, 7, 4]);
    // Components: 1, 2, 5, 8, 9, 50 (was 10), 7, 4: the old western curves 7 and 4 now run back over the new one.
    expect(ds.record(RCNM_COMPOSITE_CURVE, 4)).toMatchObject({ rver: 2, components: [1, 2, 5, 8, 9, 50, 7, 4].map((rcid) => ({ rcid })) });
  });

  it('skips an instruction for a record version it does not follow, and says so', () => {
    const ds = readS101(base, [
      upd(1, { features: [{ rcid: 10, type: 'LightAllAround', rver: 5, ruin: 3, attributes: flatAttributes({ height: 30 }) }] }),
    ]);
    expect(ds.warnings).toEqual([
      `${DEMO_S101_NAME}.001: version mismatch on FeatureType record 10 (record version 1, update version 5); instruction skipped`,
    ]);
    expect(byRcid(ds).get(10)!.attributes.height).toBe('12');
    const missing = readS101(base, [upd(1, { surfaces: [{ rcid: 99, rver: 2, ruin: 2, rings: [] }] })]);
    expect(missing.warnings).toEqual([`${DEMO_S101_NAME}.001: Surface record 99 to delete not found`]);
  });

  it('refuses updates out of sequence, for another edition or dataset, and cancellations', () => {
    expect(failure(() => readS101(base, [upd(2)])).code).toBe('update_sequence');
    expect(failure(() => readS101(base, [upd(1), upd(1)])).message).toMatch(
      /is update 1 but the dataset is at update 1; expected update 2/,
    );
    expect(failure(() => readS101(base, [upd(1, { edition: 2 })])).code).toBe('update_edition');
    expect(failure(() => readS101(base, [upd(1, { edition: 0, update: 1 })])).message).toMatch(/cancels dataset/);
    const other = writeS101({ name: '101XX00OTHER.001', edition: 1, update: 1, issueDate: '20240501' });
    expect(failure(() => readS101(base, [{ bytes: other, fileName: '101XX00OTHER.001' }])).code).toBe('update_target');
  });

  it('reads an update dataset alone: every instruction listed, nothing applied', () => {
    const ds = readS101(buildDemoS101Update(3), [], { fileName: `${DEMO_S101_NAME}.003` });
    const info = getS101Info(ds);
    expect(info).toMatchObject({ name: DEMO_S101_NAME, edition: 1, update: 3, profile: 2, crs: { horizontal: null } });
    expect(info.featureCounts).toEqual({ BuoySpecialPurposeGeneral: 1, LightAllAround: 1 });
    expect(ds.isUpdate).toBe(true);
  });
});

describe.skipIf(!hasTestdata)('corpus: an update written here, applied to a real SHOM dataset', () => {
  it('changes, deletes and inserts features of 101FR0067126A', () => {
    const bytes = new Uint8Array(readFileSync(testdataPath('s101/101FR0067126A.000')));
    const before = readS101(bytes);
    const features = [...s101Features(before)];
    const depthArea = features.find((f) => f.type === 'DepthArea')!;
    const light = features.find((f) => f.type === 'LightAllAround')!;
    const depthRecord = before.record(100, depthArea.rcid)!;
    const at = (depthRecord.rcnm === 100 ? depthRecord.attributes : []).findIndex((a) => a.code === 'depthRangeMinimumValue');
    expect(at).toBeGreaterThanOrEqual(0);
    const update = writeS101({
      name: '101FR0067126A.001',
      edition: 1,
      update: 1,
      issueDate: '20230901',
      points: [{ rcid: 90_001, lon: -3.22, lat: 48.79 }],
      features: [
        {
          rcid: depthArea.rcid,
          type: 'DepthArea',
          rver: 2,
          ruin: 3,
          attributes: [{ code: 'depthRangeMinimumValue', index: 1, parent: 0, instruction: 3, value: '0.5' }],
        },
        { rcid: light.rcid, type: 'LightAllAround', rver: 2, ruin: 2 },
        {
          rcid: 90_001,
          type: 'BuoyIsolatedDanger',
          attributes: flatAttributes({ buoyShape: 4, colour: [2, 3, 2], colourPattern: 1 }),
          spatial: [{ rcnm: RCNM_POINT, rcid: 90_001 }],
        },
      ],
    });
    const after = readS101(bytes, [{ bytes: update, fileName: '101FR0067126A.001' }], { fileName: '101FR0067126A.000' });
    const info = getS101Info(after);
    const was = getS101Info(before).featureCounts;
    expect(after.warnings).toEqual([]);
    expect(info).toMatchObject({ update: 1, issueDate: '20230901', appliedUpdates: [1] });
    expect(info.featureCounts.LightAllAround).toBe(was.LightAllAround! - 1);
    expect(info.featureCounts.BuoyIsolatedDanger).toBe((was.BuoyIsolatedDanger ?? 0) + 1);
    const now = byRcid(after);
    expect(now.get(depthArea.rcid)!.attributes.depthRangeMinimumValue).toBe('0.5');
    expect(now.get(depthArea.rcid)!.geometry).toEqual(depthArea.geometry);
    expect(now.get(90_001)!.geometry).toEqual({ type: 'Point', coordinates: [-3.22, 48.79] });
    expect(now.has(light.rcid)).toBe(false);
    // Records of kinds the update does not touch are the base's.
    expect(after.record(RCNM_SURFACE, 1)).toEqual(before.record(RCNM_SURFACE, 1));
    expect(after.record(RCNM_MULTIPOINT, 1)).toEqual(before.record(RCNM_MULTIPOINT, 1));
  });
});
