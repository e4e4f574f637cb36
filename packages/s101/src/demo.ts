// A fictional S-101 dataset for demonstrations and tests on a fresh clone, near the S-57 demo cell
// (10.05 E 54.03 N): coverage, depth areas (0–5 m around an island, 5–10, 10–20), the island with
// its coastline, depth contours, soundings, a light, a lateral and a cardinal buoy; and its updates
// (each inserts a special-purpose buoy and renames the light).
import { RCNM_COMPOSITE_CURVE, RCNM_CURVE, RCNM_MULTIPOINT, RCNM_POINT, RCNM_SURFACE } from './model.js';
import { flatAttributes, writeS101, type WriteS101 } from './writer.js';

export const DEMO_S101_NAME = '101XX00DEMO01';
export const DEMO_S101_AGENCY = 1;

const foid = (fidn: number) => ({ agen: DEMO_S101_AGENCY, fidn, fids: 1 });
const surface = (rcid: number) => [{ rcnm: RCNM_SURFACE, rcid, orientation: 255 }];
const point = (rcid: number) => [{ rcnm: RCNM_POINT, rcid, orientation: 255 }];
const curve = (rcid: number) => [{ rcnm: RCNM_CURVE, rcid, orientation: 1 }];

/** The demo base dataset's content (edition 1, update 0). */
export function demoS101Content(): WriteS101 {
  const [w, e, s0, s1, s2, n] = [10.0, 10.1, 54.0, 54.02, 54.04, 54.06];
  return {
    name: `${DEMO_S101_NAME}.000`,
    title: 'Demo Harbour (S-101)',
    edition: 1,
    update: 0,
    issueDate: '20240301',
    points: [
      { rcid: 1, lon: 10.05, lat: 54.03 },
      { rcid: 2, lon: 10.03, lat: 54.039 },
      { rcid: 3, lon: 10.07, lat: 54.036 },
    ],
    multiPoints: [
      {
        rcid: 1,
        points: [
          [10.02, 54.05, 7.2],
          [10.08, 54.05, 8.4],
          [10.02, 54.01, 14.5],
          [10.08, 54.01, 17.8],
          [10.03, 54.03, 3.1],
        ],
      },
    ],
    curves: [
      {
        rcid: 1,
        coords: [
          [w, s0],
          [e, s0],
        ],
      },
      {
        rcid: 2,
        coords: [
          [e, s0],
          [e, s1],
        ],
      },
      {
        rcid: 3,
        coords: [
          [e, s1],
          [w, s1],
        ],
      },
      {
        rcid: 4,
        coords: [
          [w, s1],
          [w, s0],
        ],
      },
      {
        rcid: 5,
        coords: [
          [e, s1],
          [e, s2],
        ],
      },
      {
        rcid: 6,
        coords: [
          [w, s2],
          [e, s2],
        ],
      },
      {
        rcid: 7,
        coords: [
          [w, s2],
          [w, s1],
        ],
      },
      {
        rcid: 8,
        coords: [
          [e, s2],
          [e, n],
        ],
      },
      {
        rcid: 9,
        coords: [
          [e, n],
          [w, n],
        ],
      },
      {
        rcid: 10,
        coords: [
          [w, n],
          [w, s2],
        ],
      },
      // The island, one closed curve (counter-clockwise).
      {
        rcid: 11,
        coords: [
          [10.04, 54.025],
          [10.06, 54.025],
          [10.06, 54.035],
          [10.04, 54.035],
          [10.04, 54.025],
        ],
      },
    ],
    compositeCurves: [
      { rcid: 1, components: [{ rcid: 1 }, { rcid: 2 }, { rcid: 3 }, { rcid: 4 }] },
      { rcid: 2, components: [{ rcid: 3, orientation: 2 }, { rcid: 5 }, { rcid: 6, orientation: 2 }, { rcid: 7 }] },
      { rcid: 3, components: [{ rcid: 6 }, { rcid: 8 }, { rcid: 9 }, { rcid: 10 }] },
      { rcid: 4, components: [1, 2, 5, 8, 9, 10, 7, 4].map((rcid) => ({ rcid })) },
    ],
    surfaces: [
      { rcid: 1, rings: [{ rcnm: RCNM_COMPOSITE_CURVE, rcid: 1 }] },
      {
        rcid: 2,
        rings: [
          { rcnm: RCNM_COMPOSITE_CURVE, rcid: 2 },
          { rcnm: RCNM_CURVE, rcid: 11, orientation: 2, usage: 2 },
        ],
      },
      { rcid: 3, rings: [{ rcnm: RCNM_COMPOSITE_CURVE, rcid: 3 }] },
      { rcid: 4, rings: [{ rcnm: RCNM_CURVE, rcid: 11 }] },
      { rcid: 5, rings: [{ rcnm: RCNM_COMPOSITE_CURVE, rcid: 4 }] },
    ],
    features: [
      {
        rcid: 1,
        type: 'DataCoverage',
        foid: foid(1),
        attributes: flatAttributes({ maximumDisplayScale: 5000, minimumDisplayScale: 45000 }),
        spatial: surface(5),
      },
      {
        rcid: 2,
        type: 'DepthArea',
        foid: foid(2),
        attributes: flatAttributes({ depthRangeMinimumValue: 10, depthRangeMaximumValue: 20 }),
        spatial: surface(1),
      },
      {
        rcid: 3,
        type: 'DepthArea',
        foid: foid(3),
        attributes: flatAttributes({ depthRangeMinimumValue: 0, depthRangeMaximumValue: 5 }),
        spatial: surface(2),
      },
      {
        rcid: 4,
        type: 'DepthArea',
        foid: foid(4),
        attributes: flatAttributes({ depthRangeMinimumValue: 5, depthRangeMaximumValue: 10 }),
        spatial: surface(3),
      },
      {
        rcid: 5,
        type: 'LandArea',
        foid: foid(5),
        attributes: flatAttributes({ featureName: { name: 'Demo Island' } }),
        spatial: surface(4),
      },
      { rcid: 6, type: 'Coastline', foid: foid(6), attributes: flatAttributes({ categoryOfCoastline: 1 }), spatial: curve(11) },
      { rcid: 7, type: 'DepthContour', foid: foid(7), attributes: flatAttributes({ valueOfDepthContour: 5 }), spatial: curve(6) },
      { rcid: 8, type: 'DepthContour', foid: foid(8), attributes: flatAttributes({ valueOfDepthContour: 10 }), spatial: curve(3) },
      {
        rcid: 9,
        type: 'Sounding',
        foid: foid(9),
        attributes: flatAttributes({ qualityOfVerticalMeasurement: 1 }),
        spatial: [{ rcnm: RCNM_MULTIPOINT, rcid: 1, orientation: 255 }],
      },
      {
        rcid: 10,
        type: 'LightAllAround',
        foid: foid(10),
        attributes: flatAttributes({
          colour: 1,
          featureName: { name: 'Demo Light' },
          rhythmOfLight: { lightCharacteristic: 2, signalGroup: '(1)', signalPeriod: 5 },
          valueOfNominalRange: 10,
          height: 12,
        }),
        spatial: point(1),
      },
      {
        rcid: 11,
        type: 'BuoyLateral',
        foid: foid(11),
        attributes: flatAttributes({ buoyShape: 2, categoryOfLateralMark: 1, colour: 3, featureName: { name: 'Demo Red' } }),
        spatial: point(2),
      },
      {
        rcid: 12,
        type: 'BuoyCardinal',
        foid: foid(12),
        attributes: flatAttributes({ buoyShape: 2, categoryOfCardinalMark: 1, colour: [2, 6], colourPattern: 1 }),
        spatial: point(3),
      },
    ],
  };
}

/** The demo base dataset (`101XX00DEMO01.000`). */
export function buildDemoS101Dataset(): Uint8Array {
  return writeS101(demoS101Content());
}

/**
 * Update `n` (from 1) of the demo dataset (`101XX00DEMO01.00n`): inserts a special-purpose buoy
 * (point 100 + n, feature 100 + n) and renames the light 'Demo Light n' (RVER n + 1).
 */
export function buildDemoS101Update(n: number, opts: { issueDate?: string } = {}): Uint8Array {
  return writeS101({
    name: `${DEMO_S101_NAME}.${String(n).padStart(3, '0')}`,
    edition: 1,
    update: n,
    issueDate: opts.issueDate ?? `202404${String(n).padStart(2, '0')}`,
    points: [{ rcid: 100 + n, lon: 10.02 + n * 0.005, lat: 54.045 }],
    features: [
      {
        rcid: 100 + n,
        type: 'BuoySpecialPurposeGeneral',
        foid: foid(100 + n),
        attributes: flatAttributes({ buoyShape: 4, colour: 6, featureName: { name: `Demo Special ${n}` } }),
        spatial: point(100 + n),
      },
      {
        rcid: 10,
        type: 'LightAllAround',
        rver: n + 1,
        ruin: 3,
        // The light's featureName (the second entry of its ATTR field) gets a new name.
        attributes: [
          { code: 'featureName', index: 1, parent: 0, instruction: 3, value: '' },
          { code: 'name', index: 1, parent: 1, instruction: 3, value: `Demo Light ${n}` },
        ],
      },
    ],
  });
}
