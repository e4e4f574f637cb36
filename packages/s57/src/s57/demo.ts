// A fictional demo harbour cell (XX5DEMO1.000) near 10.05 E, 54.03 N: land and coastline in the
// south, depth areas 0-5, 5-10 and 10-20 m separated by contours, an island, soundings, lateral and
// cardinal buoys, lights and M_COVR coverage. Not for navigation.
import { longName } from './model.js';
import { writeS57, type WriteCell, type WriteFeature, type WritePointer, type WriteVector } from './writer.js';

export const DEMO_CELL_NAME = 'XX5DEMO1';
export const DEMO_AGENCY = 999;

const W = 10.0,
  E = 10.1,
  S = 54.0,
  N = 54.06;
const COAST = 54.02,
  C5 = 54.03,
  C10 = 54.045;

const nodes: [number, number, number][] = [
  // rcid, lon, lat (connected nodes)
  [1, W, S],
  [2, E, S],
  [3, E, N],
  [4, W, N],
  [5, W, COAST],
  [6, E, COAST],
  [7, W, C5],
  [8, E, C5],
  [9, W, C10],
  [10, E, C10],
  [11, 10.08, 54.052],
];

// rcid, start node, end node, interior vertices
const edges: [number, number, number, number[][]][] = [
  [
    21,
    5,
    6,
    [
      [10.02, 54.021],
      [10.04, 54.018],
      [10.06, 54.022],
      [10.08, 54.019],
    ],
  ], // coastline
  [
    22,
    7,
    8,
    [
      [10.03, 54.032],
      [10.07, 54.028],
    ],
  ], // 5 m contour
  [23, 9, 10, [[10.05, 54.047]]], // 10 m contour
  [31, 1, 2, []],
  [32, 2, 6, []],
  [33, 6, 8, []],
  [34, 8, 10, []],
  [35, 10, 3, []],
  [36, 3, 4, []],
  [37, 4, 9, []],
  [38, 9, 7, []],
  [39, 7, 5, []],
  [40, 5, 1, []],
  [
    41,
    11,
    11,
    [
      [10.085, 54.054],
      [10.09, 54.052],
      [10.085, 54.05],
    ],
  ], // island
];

const fwd = (rcid: number, usag = 1): WritePointer => ({ rcnm: 130, rcid, ornt: 1, usag, mask: 255 });
const rev = (rcid: number, usag = 1): WritePointer => ({ rcnm: 130, rcid, ornt: 2, usag, mask: 255 });
const node = (rcid: number): WritePointer => ({ rcnm: 110, rcid, ornt: 255, usag: 255, mask: 255 });

function vectors(): WriteVector[] {
  const out: WriteVector[] = nodes.map(([rcid, x, y]) => ({ rcnm: 120, rcid, points: [[x, y]] }));
  for (const [rcid, a, b, pts] of edges) {
    out.push({
      rcnm: 130,
      rcid,
      points: pts.length > 0 ? pts : undefined,
      pointers: [
        { rcnm: 120, rcid: a, ornt: 255, usag: 255, topi: 1, mask: 255 },
        { rcnm: 120, rcid: b, ornt: 255, usag: 255, topi: 2, mask: 255 },
      ],
    });
  }
  out.push({
    rcnm: 110,
    rcid: 101,
    points: [
      [10.03, 54.025, 3.2],
      [10.05, 54.038, 7.4],
      [10.02, 54.05, 12.5],
      [10.09, 54.04, 8.1],
      [10.06, 54.057, 17.3],
    ],
  });
  out.push({ rcnm: 110, rcid: 102, points: [[10.05, 54.035]] }); // port buoy + light
  out.push({ rcnm: 110, rcid: 103, points: [[10.055, 54.04]] }); // starboard buoy
  out.push({ rcnm: 110, rcid: 104, points: [[10.07, 54.055]] }); // north cardinal buoy
  out.push({ rcnm: 110, rcid: 105, points: [[10.045, 54.0195]] }); // harbour light
  return out;
}

function features(): WriteFeature[] {
  const lightOnBuoy = longName(DEMO_AGENCY, 1008, 1);
  return [
    {
      rcid: 1,
      objectClass: 'M_COVR',
      prim: 3,
      grup: 255,
      attributes: { CATCOV: 1 },
      pointers: [fwd(31), fwd(32), fwd(33), fwd(34), fwd(35), fwd(36), fwd(37), fwd(38), fwd(39), fwd(40)],
    },
    {
      rcid: 2,
      objectClass: 'LNDARE',
      prim: 3,
      grup: 1,
      attributes: { OBJNAM: 'Demo Land' },
      pointers: [fwd(31), fwd(32), rev(21), fwd(40)],
    },
    {
      rcid: 3,
      objectClass: 'LNDARE',
      prim: 3,
      grup: 1,
      attributes: { OBJNAM: 'Demo Island' },
      nationalAttributes: { NOBJNM: 'Demoinsel Möwe' },
      pointers: [fwd(41)],
    },
    {
      rcid: 4,
      objectClass: 'DEPARE',
      prim: 3,
      grup: 1,
      attributes: { DRVAL1: 0, DRVAL2: 5 },
      pointers: [fwd(21), fwd(33), rev(22), fwd(39)],
    },
    {
      rcid: 5,
      objectClass: 'DEPARE',
      prim: 3,
      grup: 1,
      attributes: { DRVAL1: 5, DRVAL2: 10 },
      pointers: [fwd(22), fwd(34), rev(23), fwd(38)],
    },
    {
      rcid: 6,
      objectClass: 'DEPARE',
      prim: 3,
      grup: 1,
      attributes: { DRVAL1: 10, DRVAL2: 20 },
      pointers: [fwd(23), fwd(35), fwd(36), fwd(37), rev(41, 2)],
    },
    { rcid: 7, objectClass: 'COALNE', prim: 2, attributes: { CATCOA: 6 }, pointers: [fwd(21, 255)] },
    { rcid: 8, objectClass: 'DEPCNT', prim: 2, attributes: { VALDCO: 5 }, pointers: [fwd(22, 255)] },
    { rcid: 9, objectClass: 'DEPCNT', prim: 2, attributes: { VALDCO: 10 }, pointers: [fwd(23, 255)] },
    { rcid: 10, objectClass: 'COALNE', prim: 2, attributes: { CATCOA: 1 }, pointers: [fwd(41, 255)] },
    { rcid: 11, objectClass: 'SOUNDG', prim: 1, attributes: { QUASOU: 6 }, pointers: [node(101)] },
    {
      rcid: 12,
      objectClass: 'BOYLAT',
      prim: 1,
      fidn: 1012,
      attributes: { BOYSHP: 2, CATLAM: 1, COLOUR: [3], OBJNAM: 'Demo 1' },
      pointers: [node(102)],
      refs: [{ lnam: lightOnBuoy, rind: 2 }],
    },
    {
      rcid: 8 + 1000,
      objectClass: 'LIGHTS',
      prim: 1,
      fidn: 1008,
      attributes: { COLOUR: [3], LITCHR: 2, SIGPER: 4, VALNMR: 3 },
      pointers: [node(102)],
    },
    {
      rcid: 13,
      objectClass: 'BOYLAT',
      prim: 1,
      attributes: { BOYSHP: 1, CATLAM: 2, COLOUR: [4], OBJNAM: 'Demo 2' },
      pointers: [node(103)],
    },
    {
      rcid: 14,
      objectClass: 'BOYCAR',
      prim: 1,
      attributes: { BOYSHP: 5, CATCAM: 1, COLOUR: [2, 6], COLPAT: [1], OBJNAM: 'Demo North' },
      pointers: [node(104)],
    },
    {
      rcid: 15,
      objectClass: 'LIGHTS',
      prim: 1,
      attributes: { COLOUR: [1], LITCHR: 2, SIGPER: 5, VALNMR: 10, HEIGHT: 12, OBJNAM: 'Demo Harbour Light' },
      pointers: [node(105)],
    },
  ];
}

/** The demo cell description (for tests that want to vary it). */
export function demoHarbourCell(): WriteCell {
  return {
    name: `${DEMO_CELL_NAME}.000`,
    edition: 1,
    update: 0,
    issueDate: '20240105',
    updateApplicationDate: '20240105',
    intendedUsage: 5,
    agency: DEMO_AGENCY,
    comment: 'Fictional demo harbour - not for navigation',
    compilationScale: 12000,
    comf: 10_000_000,
    somf: 10,
    nationalLevel: 2,
    vectors: vectors(),
    features: features(),
  };
}

/** The fictional demo harbour base cell XX5DEMO1.000 (edition 1, update 0). */
export function buildDemoHarbourCell(): Uint8Array {
  return writeS57(demoHarbourCell());
}

/**
 * Update file number n (XX5DEMO1.00n) for the demo cell: inserts a special-purpose buoy
 * (isolated node 200+n, feature 200+n) and renames the harbour light (ATTF modify, RVER n+1).
 * Options produce deliberately wrong updates for tests.
 */
export function buildDemoHarbourUpdate(n: number, opts: { edition?: number; issueDate?: string } = {}): Uint8Array {
  const day = String(Math.min(28, 5 + n)).padStart(2, '0');
  return writeS57({
    name: `${DEMO_CELL_NAME}.${String(n).padStart(3, '0')}`,
    edition: opts.edition ?? 1,
    update: n,
    issueDate: opts.issueDate ?? `202402${day}`,
    updateApplicationDate: '',
    intendedUsage: 5,
    agency: DEMO_AGENCY,
    comment: `Demo update ${n}`,
    exchangePurpose: 2,
    nationalLevel: 2,
    vectors: [{ rcnm: 110, rcid: 200 + n, points: [[10.06 + n * 0.002, 54.036]] }],
    features: [
      {
        rcid: 200 + n,
        objectClass: 'BOYSPP',
        prim: 1,
        fidn: 200 + n,
        attributes: { BOYSHP: 3, COLOUR: [6], OBJNAM: `Demo special ${n}` },
        pointers: [node(200 + n)],
      },
      { rcid: 15, objectClass: 'LIGHTS', prim: 1, rver: n + 1, ruin: 3, attributes: { OBJNAM: `Demo Harbour Light (update ${n})` } },
    ],
  });
}
