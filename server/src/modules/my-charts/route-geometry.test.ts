import { describe, expect, it } from 'vitest';
import { isInside } from '../tiles/tile-geometry.js';
import type { LonLat } from './route-file.js';
import { bboxPolygon, corridorOf, distanceNm, legsOf, serveLine, simplify, unwrapLongitudes, worldParts } from './route-geometry.js';

// The corridor and the stretches, checked against distances worked out by hand on the sphere.

/** The point `nm` nautical miles from `p` on bearing `deg` (spherical destination formula). */
function destination(p: LonLat, deg: number, nm: number): LonLat {
  const [lon1, lat1] = [(p[0] * Math.PI) / 180, (p[1] * Math.PI) / 180];
  const d = nm / 3440.065;
  const b = (deg * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI];
}

describe('route geometry', () => {
  const start: LonLat = [30.2, 59.9];
  const route: LonLat[] = [start, destination(start, 90, 12), destination(destination(start, 90, 12), 45, 8)];

  it('measures a minute of latitude as a nautical mile and cuts long legs', () => {
    expect(distanceNm([0, 0], [0, 1 / 60])).toBeCloseTo(1, 2);
    const legs = legsOf(route);
    expect(legs.length).toBe(3); // 12 NM in two, 8 NM in one
    expect(legs.at(-1)!.toNm).toBeCloseTo(20, 2);
  });

  it('holds every point within the width of the route and none well beyond it', () => {
    const corridor = corridorOf(route, 2);
    const shape = corridor.type === 'Polygon' ? [corridor.coordinates] : corridor.coordinates;
    const along = destination(start, 90, 6);
    expect(isInside(destination(along, 0, 1.9), shape)).toBe(true);
    expect(isInside(destination(along, 180, 1.9), shape)).toBe(true);
    expect(isInside(destination(along, 0, 2.2), shape)).toBe(false);
    expect(isInside(destination(start, 270, 1.9), shape)).toBe(true); // round ends
    expect(isInside(destination(start, 270, 2.2), shape)).toBe(false);
  });

  it('keeps the ends and the turns of a route, and drops the points on a straight line', () => {
    const straight = Array.from({ length: 50 }, (_, i) => destination(start, 90, i * 0.2));
    expect(simplify(straight, 0.05)).toEqual([straight[0], straight.at(-1)]);
    expect(simplify(route, 0.05)).toEqual(route);
  });

  it('gives each stretch to the first ranked chart covering it, and leaves the rest to none', () => {
    const line: LonLat[] = [
      [0, 0],
      [1, 0],
    ];
    const fine = { coverage: bboxPolygon([0.4, -0.1, 0.6, 0.1]), bbox: [0.4, -0.1, 0.6, 0.1] as [number, number, number, number] };
    const coarse = { coverage: bboxPolygon([-1, -1, 0.8, 1]), bbox: [-1, -1, 0.8, 1] as [number, number, number, number] };
    const served = serveLine(legsOf(line), [fine, coarse]);
    const total = distanceNm(line[0]!, line[1]!);
    expect(served.map((s) => s.chart)).toEqual([1, 0, 1, -1]);
    expect(served.map((s) => s.toNm / total)).toEqual([
      expect.closeTo(0.4, 5),
      expect.closeTo(0.6, 5),
      expect.closeTo(0.8, 5),
      expect.closeTo(1, 5),
    ]);
  });

  it('makes a route across the antimeridian continuous, and finds the charts of both sides for its box', () => {
    expect(
      unwrapLongitudes([
        [179.5, 10],
        [-179.5, 10],
        [-178, 11],
        [179, 12],
      ]),
    ).toEqual([
      [179.5, 10],
      [180.5, 10],
      [182, 11],
      [179, 12],
    ]);
    // Westward across it from the western hemisphere.
    expect(
      unwrapLongitudes([
        [-179.8, 0],
        [179.8, 0],
      ]),
    ).toEqual([
      [-179.8, 0],
      [-180.2, 0],
    ]);
    // A route that stays on one side is left as it is.
    expect(unwrapLongitudes(route)).toEqual(route);
    expect(distanceNm([179.5, 10], [180.5, 10])).toBeCloseTo(distanceNm([179.5, 10], [-179.5, 10]), 9);

    expect(worldParts([170, -5, 190, 5])).toEqual([
      { box: [170, -5, 180, 5], shift: 0 },
      { box: [-180, -5, -170, 5], shift: 360 },
    ]);
    expect(worldParts([-190, -5, -175, 5])).toEqual([
      { box: [170, -5, 180, 5], shift: -360 },
      { box: [-180, -5, -175, 5], shift: 0 },
    ]);
    expect(worldParts([10, 50, 11, 51])).toEqual([{ box: [10, 50, 11, 51], shift: 0 }]);
    expect(worldParts([170, 0, 180, 1])).toEqual([{ box: [170, 0, 180, 1], shift: 0 }]);
  });
});
