import { describe, expect, it } from 'vitest';
import type { MvtFeature } from './mvt-encode.js';
import { cleanTileFeature } from './tile-clean.js';
import { isValidPolygons } from './tile-validity.js';
import { clipFeature } from './quilt.js';
import { signedArea, type Pt } from './tile-geometry.js';

// The geometry each tile feature is given on its way into a tile (tile-clean.ts), case by case; the
// corpus is checked whole, by GEOS, in tiles-validity.test.ts.

const line = (...lines: Pt[][]): MvtFeature => ({ type: 2, geometry: lines, tags: {} });
const polygon = (...rings: Pt[][]): MvtFeature => ({ type: 3, geometry: rings, tags: {} });
const square = (x: number, y: number, size: number): Pt[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

describe('tile geometry made valid', () => {
  it('drops repeated points, and lines left with fewer than two', () => {
    const f = cleanTileFeature(
      line(
        [
          [0, 0],
          [0, 0],
          [5, 5],
          [5, 5],
          [9, 5],
        ],
        [
          [3, 3],
          [3.2, 2.9],
        ],
      ),
    );
    expect(f?.geometry).toEqual([
      [
        [0, 0],
        [5, 5],
        [9, 5],
      ],
    ]);
    expect(
      cleanTileFeature(
        line([
          [7, 7],
          [7, 7],
        ]),
      ),
    ).toBeNull();
  });

  it('drops collapsed rings and cuts off spikes; exteriors get positive area, holes negative', () => {
    const counterClockwise = [...square(0, 0, 100)].reverse();
    const hole = [...square(40, 40, 10)].reverse();
    const spike: Pt[] = [
      [0, 0],
      [100, 0],
      [100, 50],
      [150, 50],
      [100, 50],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    const f = cleanTileFeature(
      polygon(
        counterClockwise,
        hole,
        [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
        spike.map(([x, y]) => [x + 200, y] as Pt),
      ),
    )!;
    const rings = f.geometry as Pt[][];
    expect(rings.map((r) => Math.sign(signedArea(r)))).toEqual([1, -1, 1]);
    expect(rings[2]).not.toContainEqual([350, 50]);
    expect(rings.every((r) => r.length >= 3 && !(r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1]))).toBe(true);
  });

  it('redraws a ring that crosses itself (a bow tie) as two valid polygons', () => {
    const bowTie: Pt[] = [
      [0, 0],
      [100, 100],
      [100, 0],
      [0, 60],
    ];
    expect(isValidPolygons([[bowTie]])).toBe(false);
    const f = cleanTileFeature(polygon(bowTie))!;
    const rings = f.geometry as Pt[][];
    expect(rings).toHaveLength(2);
    expect(rings.every((r) => signedArea(r) > 0)).toBe(true);
    expect(isValidPolygons(rings.map((r) => [r]))).toBe(true);
  });

  it('makes a ring that touches itself valid: two polygons meeting at a point, or an exterior with a hole', () => {
    // A vertex lying on another of the ring's edges (rounding to the grid brings them together).
    const touching: Pt[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [50, 0],
      [0, 100],
    ];
    expect(isValidPolygons([[touching]])).toBe(false);
    const parts = cleanTileFeature(polygon(touching))!.geometry as Pt[][];
    expect(parts.map((r) => signedArea(r) / 2).sort()).toEqual([2500, 2500]);
    expect(isValidPolygons(parts.map((r) => [r]))).toBe(true);
    expect(parts.flat()).toContainEqual([50, 0]);

    // An exterior pinched inward at one vertex: the loop wound the other way is a hole.
    const pinched: Pt[] = [
      [0, 0],
      [50, 0],
      [30, 30],
      [70, 30],
      [50, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ];
    expect(isValidPolygons([[pinched]])).toBe(false);
    const [exterior, hole, ...rest] = cleanTileFeature(polygon(pinched))!.geometry as Pt[][];
    expect(rest).toEqual([]);
    expect(signedArea(exterior!) / 2).toBe(10_000);
    expect(signedArea(hole!) / 2).toBe(-600);
    expect(isValidPolygons([[exterior!, hole!]])).toBe(true);
  });

  it('splits a hole that touches itself: two holes meeting at a point, or a hole with an island', () => {
    const signedAreas = (rings: Pt[][]) => rings.map((r) => signedArea(r) / 2);
    // Two square holes traced as one ring through the corner they share.
    const twoHoles: Pt[] = [
      [20, 20],
      [20, 40],
      [40, 40],
      [40, 60],
      [60, 60],
      [60, 40],
      [40, 40],
      [40, 20],
    ];
    expect(isValidPolygons([[square(0, 0, 100), twoHoles]])).toBe(false);
    const holes = cleanTileFeature(polygon(square(0, 0, 100), twoHoles))!.geometry as Pt[][];
    expect(signedAreas(holes)).toEqual([10_000, -400, -400]);
    expect(isValidPolygons([holes])).toBe(true);

    // A hole whose ring runs out to a loop inside it, wound back: the loop is land in the hole.
    const holeWithIsland: Pt[] = [
      [10, 10],
      [10, 90],
      [90, 90],
      [90, 10],
      [50, 10],
      [60, 30],
      [40, 30],
      [50, 10],
    ];
    const rings = cleanTileFeature(polygon(square(0, 0, 100), holeWithIsland))!.geometry as Pt[][];
    expect(signedAreas(rings)).toEqual([10_000, -6400, 200]);
    const [exterior, hole, island] = rings as [Pt[], Pt[], Pt[]];
    expect(isValidPolygons([[exterior, hole], [island]])).toBe(true);
  });

  it('merges a feature whose polygons overlap, and keeps polygons that only touch at corners', () => {
    const overlapping = cleanTileFeature(polygon(square(0, 0, 100), square(50, 50, 100)))!;
    expect(overlapping.geometry).toHaveLength(1);
    const touching: Pt[][] = [square(0, 0, 100), square(100, 100, 100)];
    expect(cleanTileFeature(polygon(...touching))!.geometry).toEqual(touching);
  });

  it('clipping by the quilt never writes a corner twice', () => {
    // A cell's area reaching past the tile's buffer corner, clipped to what no better cell covers.
    const area = polygon(square(3000, 3000, 1400));
    const region: [number, number][][][] = [[square(2000, 2000, 2160).concat([[2000, 2000]])]];
    const clipped = clipFeature(area, { region, takenBox: [0, 0, 4096, 4096] })!;
    const ring = (cleanTileFeature(clipped)!.geometry as Pt[][])[0]!;
    const keys = ring.map(([x, y]) => `${x},${y}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('4160,4160');
  });
});
