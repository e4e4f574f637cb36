// Ring assembly from edges, the way GDAL's OGRBuildPolygonFromEdges does it (exact end-point
// matching, either direction), plus ring helpers (signed area, orientation, containment).
import type { FlatLine } from './types.js';

export interface Edge {
  /** lon, lat pairs (see FlatLine). */
  points: FlatLine;
  /** USAG of the pointer that brought this edge in: 1 exterior, 2 interior, 3 truncated exterior. */
  usage: number;
}

export interface Ring {
  points: FlatLine;
  usage: number;
}

/** Is point i of a the same as point j of b (exactly)? */
function same(a: FlatLine, i: number, b: FlatLine, j: number): boolean {
  return a[2 * i] === b[2 * j] && a[2 * i + 1] === b[2 * j + 1];
}

function lastOf(line: FlatLine): number {
  return line.length / 2 - 1;
}

function addEdge(ring: FlatLine, line: FlatLine, reverse: boolean): void {
  const n = line.length / 2;
  let start = reverse ? n - 1 : 0;
  const step = reverse ? -1 : 1;
  if (ring.length > 0 && same(ring, lastOf(ring), line, start)) start += step;
  for (let i = start; reverse ? i >= 0 : i < n; i += step) ring.push(line[2 * i]!, line[2 * i + 1]!);
}

/** Chains edges into rings; `closed` is false when some ring could not be closed. */
export function buildRings(edges: Edge[]): { rings: Ring[]; closed: boolean } {
  const used = new Uint8Array(edges.length);
  let remaining = edges.length;
  const rings: Ring[] = [];
  let closed = true;
  // Index of edge end points for quick look-up.
  const byPoint = new Map<string, number[]>();
  const key = (line: FlatLine, i: number): string => `${line[2 * i]},${line[2 * i + 1]}`;
  edges.forEach((e, i) => {
    if (e.points.length < 4) return;
    for (const k of [key(e.points, 0), key(e.points, lastOf(e.points))]) {
      const list = byPoint.get(k);
      if (list) list.push(i);
      else byPoint.set(k, [i]);
    }
  });
  let first = 0;
  while (remaining > 0) {
    while (used[first]) first++;
    const edge = edges[first]!;
    used[first] = 1;
    remaining--;
    if (edge.points.length < 4) continue;
    const ring: FlatLine = [];
    addEdge(ring, edge.points, false);
    while (!same(ring, 0, ring, lastOf(ring)) && remaining > 0) {
      const end = lastOf(ring);
      let best = -1;
      let reverse = false;
      const list = byPoint.get(key(ring, end));
      if (list) {
        // Used edges are dropped from the list as it is scanned, so that many edges meeting at one
        // point (damaged data) cost linear, not quadratic, time.
        let kept = 0;
        for (let j = 0; j < list.length; j++) {
          const i = list[j]!;
          if (used[i]) continue;
          list[kept++] = i;
          const pts = edges[i]!.points;
          // GDAL takes the lowest-numbered matching edge; a later match at the far end wins within one edge.
          if (best !== -1 && i > best) continue;
          if (same(pts, 0, ring, end)) {
            best = i;
            reverse = false;
          }
          if (same(pts, lastOf(pts), ring, end)) {
            best = i;
            reverse = true;
          }
        }
        list.length = kept;
      }
      if (best === -1) break;
      addEdge(ring, edges[best]!.points, reverse);
      used[best] = 1;
      remaining--;
    }
    if (!same(ring, 0, ring, lastOf(ring))) closed = false;
    rings.push({ points: ring, usage: edge.usage });
  }
  return { rings, closed };
}

/** Twice the signed area (positive when counter-clockwise). */
export function signedArea2(ring: FlatLine): number {
  let s = 0;
  for (let i = 0; i + 3 < ring.length; i += 2) s += ring[i]! * ring[i + 3]! - ring[i + 2]! * ring[i + 1]!;
  return s;
}

export function envelopeArea(ring: FlatLine): number {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    const x = ring[i]!;
    const y = ring[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return (maxX - minX) * (maxY - minY);
}

/** Orients a ring counter-clockwise (ccw = true) or clockwise, in place. */
export function orient(ring: FlatLine, ccw: boolean): FlatLine {
  const a = signedArea2(ring);
  if (a > 0 !== ccw && a !== 0) {
    for (let i = 0, j = ring.length - 2; i < j; i += 2, j -= 2) {
      const x = ring[i]!;
      const y = ring[i + 1]!;
      ring[i] = ring[j]!;
      ring[i + 1] = ring[j + 1]!;
      ring[j] = x;
      ring[j + 1] = y;
    }
  }
  return ring;
}

/** Is the point (x, y) inside the ring (even-odd rule)? */
export function pointInRing(x: number, y: number, ring: FlatLine): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!,
      yi = ring[2 * i + 1]!,
      xj = ring[2 * j]!,
      yj = ring[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
