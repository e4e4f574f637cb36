import { describe, expect, it } from 'vitest';
import { COVERAGE_TOLERANCE_DEG, simplifyCoverage, simplifyRing } from './coverage-outline.js';

/** The distance from a point to the segment a–b, in degrees. */
function distanceToSegment([px, py]: number[], [ax, ay]: number[], [bx, by]: number[]): number {
  const dx = bx! - ax!;
  const dy = by! - ay!;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px! - ax!) * dx + (py! - ay!) * dy) / length));
  return Math.hypot(px! - ax! - t * dx, py! - ay! - t * dy);
}

describe('the coverage sent to the map', () => {
  // A coast-like ring: a wavy south side (0.0005° waves, 100 points), straight other sides with points along them.
  const wavy = Array.from({ length: 100 }, (_, i) => [i * 0.001, Math.sin(i / 3) * 0.0005]);
  const east = Array.from({ length: 20 }, (_, i) => [0.1, i * 0.005]);
  const north = Array.from({ length: 20 }, (_, i) => [0.1 - i * 0.005, 0.1]);
  const west = Array.from({ length: 20 }, (_, i) => [0, 0.1 - i * 0.005]);
  const ring = [...wavy, ...east, ...north, ...west, wavy[0]!];

  it('keeps the ring closed and every left-out point within the tolerance of what is drawn', () => {
    const simple = simplifyRing(ring);
    expect(simple[0]).toEqual(ring[0]);
    expect(simple.at(-1)).toEqual(ring[0]);
    expect(simple.length).toBeLessThan(ring.length);
    for (const point of ring) {
      const nearest = Math.min(...simple.slice(1).map((b, i) => distanceToSegment(point, simple[i]!, b)));
      expect(nearest).toBeLessThanOrEqual(COVERAGE_TOLERANCE_DEG);
    }
    // The waves stay; the points along the straight sides go (the four corners stay).
    expect(simple.filter(([x, y]) => x! > 0 && x! < 0.099 && y! < 0.01).length).toBeGreaterThan(50);
    expect(simple.filter(([x, y]) => x === 0.1 && y! > 0 && y! < 0.1)).toEqual([]);
  });

  it('leaves a ring of four points or fewer, and a missing coverage, as they are', () => {
    const triangle = [
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(simplifyRing(triangle)).toBe(triangle);
    expect(simplifyCoverage(null)).toBeNull();
    expect(simplifyCoverage([[triangle]])).toEqual([[triangle]]);
  });
});
