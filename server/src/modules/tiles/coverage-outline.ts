// The cells' coverage as the map task sends it to the browser: each ring simplified
// (Douglas–Peucker) within COVERAGE_TOLERANCE_DEG. An S-57 M_COVR ring carries a point wherever an
// edge meets another feature's, most of them on straight lines (US4MD81M: 205 points, 25 of them
// off the lines between the others by more than 0.1 m), so the task of a national set is a
// seventh of its size (1,000 cells: 5 MB → 0.7 MB) and draws the same. The tiles keep the stored
// coverage as it is (quilting and M_COVR are cut from it).

/** 1e-6° is 0.11 m or less: under a tenth of a screen pixel at the map's deepest zoom (18). */
export const COVERAGE_TOLERANCE_DEG = 1e-6;

type Ring = number[][];

/** The points of an open run a..b that stay, marked in `keep` (iterative, so a long ring cannot overflow the stack). */
function markKept(ring: Ring, keep: Uint8Array, tolerance: number): void {
  const squared = tolerance * tolerance;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = ring[a]! as [number, number];
    const [bx, by] = ring[b]! as [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = ring[i]! as [number, number];
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
      const d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      if (d > farthest) {
        farthest = d;
        at = i;
      }
    }
    if (farthest > squared) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
}

/** A closed ring within `tolerance` degrees of the original; a ring that would fall below 4 points stays as it is. */
export function simplifyRing(ring: Ring, tolerance = COVERAGE_TOLERANCE_DEG): Ring {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  // A closed ring's first and last points are one: the farthest point from it splits the ring in two runs.
  const [fx, fy] = ring[0]! as [number, number];
  let far = 1;
  let best = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const [px, py] = ring[i]! as [number, number];
    const d = (px - fx) ** 2 + (py - fy) ** 2;
    if (d > best) {
      best = d;
      far = i;
    }
  }
  keep[far] = 1;
  const first = ring.slice(0, far + 1);
  const second = ring.slice(far);
  const keepFirst = new Uint8Array(first.length);
  const keepSecond = new Uint8Array(second.length);
  markKept(first, keepFirst, tolerance);
  markKept(second, keepSecond, tolerance);
  keepFirst.forEach((k, i) => (keep[i] ||= k));
  keepSecond.forEach((k, i) => (keep[far + i] ||= k));
  const kept = ring.filter((_, i) => keep[i] === 1);
  return kept.length >= 4 ? kept : ring;
}

/** A MultiPolygon's coordinates with every ring simplified. */
export function simplifyCoverage(coverage: number[][][][] | null, tolerance = COVERAGE_TOLERANCE_DEG): number[][][][] | null {
  return coverage ? coverage.map((polygon) => polygon.map((ring) => simplifyRing(ring, tolerance))) : null;
}
