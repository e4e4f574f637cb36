// The S-57 view of S-101 features: a pure function of the feature, checked on hand-made features,
// on the demo dataset, and (with the corpus) against the S-57 aliases of the S-101 Feature Catalogue.
import { allObjectClasses, attributeByAcronym } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { readS101 } from './dataset.js';
import { buildDemoS101Dataset } from './demo.js';
import type { S101Feature } from './features.js';
import type { FeatureCatalogue } from './catalogue.js';
import { readFeatureCatalogueFile } from './node.js';
import { s57FlatFeatures, S57_ATTRIBUTES, S57_CLASSES, toS57Features } from './s57-view.js';

const feature = (
  type: string,
  attributes: S101Feature['attributes'],
  geometry: S101Feature['geometry'] = { type: 'Point', coordinates: [1, 2] },
): S101Feature => ({
  type,
  rcid: 7,
  foid: { agen: 550, fidn: 1234, fids: 1 },
  attributes,
  informationAssociations: [],
  featureAssociations: [],
  geometry,
  scaleMinimum: null,
  scaleMaximum: null,
});

describe('S-101 features as S-57 features', () => {
  it('a depth area: DEPARE with DRVAL1 and DRVAL2 as numbers, SCAMIN, LNAM from FOID', () => {
    const ring = { type: 'Polygon' as const, coordinates: [[0, 0, 1, 0, 1, 1, 0, 0]] };
    const [f] = toS57Features(
      feature('DepthArea', { depthRangeMinimumValue: '5', depthRangeMaximumValue: '10.5', scaleMinimum: '89999' }, ring),
    );
    expect(f).toEqual({
      geometry: ring,
      properties: { layer: 'DEPARE', RCID: 7, LNAM: '0226000004D20001', DRVAL1: 5, DRVAL2: 10.5, SCAMIN: 89999 },
    });
  });

  it('contours, coverage, soundings and names', () => {
    expect(toS57Features(feature('DepthContour', { valueOfDepthContour: '20' }))[0]!.properties).toMatchObject({
      layer: 'DEPCNT',
      VALDCO: 20,
    });
    expect(toS57Features(feature('DataCoverage', { maximumDisplayScale: '45000' }))[0]!.properties).toMatchObject({
      layer: 'M_COVR',
      CATCOV: '1',
    });
    const soundings = { type: 'MultiPoint' as const, coordinates: [[1, 2, 3.4]] };
    expect(toS57Features(feature('Sounding', {}, soundings))[0]).toMatchObject({ geometry: soundings, properties: { layer: 'SOUNDG' } });
    const named = feature('LandArea', {
      featureName: [
        { name: 'Île Verte', language: 'fra' },
        { name: 'Green Island', nameUsage: '1' },
      ],
    });
    expect(toS57Features(named)[0]!.properties).toMatchObject({ layer: 'LNDARE', OBJNAM: 'Green Island' });
    expect(toS57Features(feature('FoulGround', {}))[0]!.properties).toMatchObject({ layer: 'OBSTRN', CATOBS: '7' });
    const line = { type: 'LineString' as const, coordinates: [0, 0, 1, 1] };
    expect(toS57Features(feature('SeparationZoneOrLine', {}, line))[0]!.properties.layer).toBe('TSELNE');
    expect(
      toS57Features(feature('SeparationZoneOrLine', {}, { type: 'Polygon', coordinates: [[0, 0, 1, 0, 1, 1, 0, 0]] }))[0]!.properties.layer,
    ).toBe('TSEZNE');
  });

  it('buoys and beacons with what the chart symbols are made of (shape, colours, pattern, category)', () => {
    const buoy = toS57Features(
      feature('BuoyCardinal', {
        buoyShape: '2',
        categoryOfCardinalMark: '1',
        colour: ['2', '6'],
        colourPattern: '1',
        topmark: { topmarkDaymarkShape: '13' },
      }),
    );
    expect(buoy[0]!.properties).toEqual({
      layer: 'BOYCAR',
      RCID: 7,
      LNAM: '0226000004D20001',
      BOYSHP: '2',
      CATCAM: '1',
      COLOUR: '2,6',
      COLPAT: '1',
    });
    const beacon = toS57Features(feature('BeaconLateral', { beaconShape: '1', categoryOfLateralMark: '2', colour: '4' }));
    expect(beacon[0]!.properties).toMatchObject({ layer: 'BCNLAT', BCNSHP: '1', CATLAM: '2', COLOUR: '4' });
  });

  it('a light all around: LIGHTS with its rhythm; a sectored light: one LIGHTS per sector', () => {
    const all = toS57Features(
      feature('LightAllAround', {
        colour: '1',
        rhythmOfLight: { lightCharacteristic: '2', signalGroup: '(2)', signalPeriod: '6' },
        height: '12',
      }),
    );
    expect(all[0]!.properties).toMatchObject({ layer: 'LIGHTS', COLOUR: '1', LITCHR: '2', SIGGRP: '(2)', SIGPER: 6, HEIGHT: 12 });
    const sector = (colour: string, one: string, two: string, range: string) => ({
      colour,
      sectorLimit: { sectorLimitOne: { sectorBearing: one }, sectorLimitTwo: { sectorBearing: two } },
      valueOfNominalRange: range,
    });
    const sectored = toS57Features(
      feature('LightSectored', {
        categoryOfLight: ['4', '13'],
        sectorCharacteristics: {
          lightCharacteristic: '4',
          signalGroup: '(1)',
          lightSector: [sector('3', '197', '242', '7'), sector('1', '242', '290.5', '9')],
        },
      }),
    );
    expect(sectored.map((f) => f.properties)).toEqual([
      {
        layer: 'LIGHTS',
        RCID: 7,
        LNAM: '0226000004D20001',
        CATLIT: '4,13',
        LITCHR: '4',
        SIGGRP: '(1)',
        COLOUR: '3',
        VALNMR: 7,
        SECTR1: 197,
        SECTR2: 242,
      },
      {
        layer: 'LIGHTS',
        RCID: 7,
        LNAM: '0226000004D20001',
        CATLIT: '4,13',
        LITCHR: '4',
        SIGGRP: '(1)',
        COLOUR: '1',
        VALNMR: 9,
        SECTR1: 242,
        SECTR2: 290.5,
      },
    ]);
  });

  it('gives nothing for a type S-57 has no class for, or a feature without geometry', () => {
    expect(toS57Features(feature('TextPlacement', {}))).toEqual([]);
    expect(toS57Features(feature('DepthArea', {}, null))).toEqual([]);
  });

  it('uses only S-57 object classes and attributes the S-57 Object Catalogue knows', () => {
    const classes = new Set(allObjectClasses().map((c) => c.acronym));
    for (const [type, c] of Object.entries(S57_CLASSES)) {
      expect(classes.has(c.acronym), `${type} → ${c.acronym}`).toBe(true);
      if (c.lineAcronym) expect(classes.has(c.lineAcronym), `${type} → ${c.lineAcronym}`).toBe(true);
      for (const a of Object.keys(c.implied ?? {})) expect(attributeByAcronym(a), a).toBeDefined();
    }
    for (const [code, acronym] of Object.entries(S57_ATTRIBUTES)) expect(attributeByAcronym(acronym), `${code} → ${acronym}`).toBeDefined();
  });

  it('draws the demo dataset with the classes the chart style knows', () => {
    const layers = [...s57FlatFeatures(readS101(buildDemoS101Dataset()))].map((f) => f.properties.layer);
    expect(layers.sort()).toEqual([
      'BOYCAR',
      'BOYLAT',
      'COALNE',
      'DEPARE',
      'DEPARE',
      'DEPARE',
      'DEPCNT',
      'DEPCNT',
      'LIGHTS',
      'LNDARE',
      'M_COVR',
      'SOUNDG',
    ]);
  });
});

describe.skipIf(!hasTestdata)('corpus: the tables against the S-101 Feature Catalogue 1.1.0', () => {
  // Read when the tests run (a skipped describe's body still runs when the file is collected).
  let catalogue: FeatureCatalogue | undefined;
  const fc = { get: (): FeatureCatalogue => (catalogue ??= readFeatureCatalogueFile(testdataPath('s101/S-101_FC_1.1.0_20230202.xml'))) };
  /** The acronym an alias names ('OBSTRN (CATOBS = 7)' → 'OBSTRN'). */
  const acronyms = (aliases: string[]): string[] => aliases.map((a) => a.split(/[\s(]/)[0]!);

  it('every feature type mapped is in the catalogue, with this S-57 class among its aliases', () => {
    for (const [type, c] of Object.entries(S57_CLASSES)) {
      const item = fc.get().featureType(type);
      expect(item, type).toBeDefined();
      expect(acronyms(item!.aliases), type).toContain(c.acronym);
      if (c.lineAcronym) expect(acronyms(item!.aliases), type).toContain(c.lineAcronym);
    }
  });

  it('every attribute mapped is a simple attribute of the catalogue with this S-57 alias', () => {
    for (const [code, acronym] of Object.entries(S57_ATTRIBUTES)) {
      const a = fc.get().attribute(code);
      expect(a?.valueType, code).not.toBe('complex');
      expect(acronyms(a!.aliases), code).toContain(acronym);
    }
  });

  it('every catalogue feature type with one plain S-57 alias is mapped', () => {
    const missing = fc
      .get()
      .featureTypes()
      .filter((f) => f.aliases.length > 0 && /^[A-Z_]{6}$/.test(f.aliases[0]!) && f.aliases[0] !== 'C_AGGR' && f.aliases[0] !== 'NEWOBJ')
      .filter((f) => !S57_CLASSES[f.code])
      .map((f) => f.code);
    expect(missing).toEqual([]);
  });
});
