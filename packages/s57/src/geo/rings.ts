// Ring assembly from edges, the way GDAL's OGRBuildPolygonFromEdges does it (exact end-point
// matching, either direction), plus ring helpers (signed area, orientation, containment).
import type { Position } from './types.js';

export interface Edge {
  points: Position[];
  /** USAG of the pointer that brought this edge in: 1 exterior, 2 interior, 3 truncated exterior. */
  usage: number;
}

export interface Ring {
  points: Position[];
  usage: number;
}

function same(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function addEdge(ring: Position[], line: Position[], reverse: boolean): void {
  const n = line.length;
  let start = reverse ? n - 1 : 0;
  const step = reverse ? -1 : 1;
  const last = ring[ring.length - 1];
  if (last && same(last, line[start]!)) start += step;
  for (let i = start; reverse ? i >= 0 : i < n; i += step) ring.push(line[i]!);
}

/** Chains edges into rings; `closed` is false when some ring could not be closed. */
export function buildRings(edges: Edge[]): { rings: Ring[]; closed: boolean } {
  const used = new Uint8Array(edges.length);
  let remaining = edges.length;
  const rings: Ring[] = [];
  let closed = true;
  // Index of edge end points for quick look-up.
  const byPoint = new Map<string, number[]>();
  const key = (p: Position): string => `${p[0]},${p[1]}`;
  edges.forEach((e, i) => {
    if (e.points.length < 2) return;
    for (const p of [e.points[0]!, e.points[e.points.length - 1]!]) {
      const k = key(p);
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
    if (edge.points.length < 2) continue;
    const ring: Position[] = [];
    addEdge(ring, edge.points, false);
    while (!same(ring[0]!, ring[ring.length - 1]!) && remaining > 0) {
      const end = ring[ring.length - 1]!;
      let best = -1;
      let reverse = false;
      const list = byPoint.get(key(end));
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
          if (same(pts[0]!, end)) {
            best = i;
            reverse = false;
          }
          if (same(pts[pts.length - 1]!, end)) {
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
    if (!same(ring[0]!, ring[ring.length - 1]!)) closed = false;
    rings.push({ points: ring, usage: edge.usage });
  }
  return { rings, closed };
}

/** Twice the signed area (positive when counter-clockwise). */
export function signedArea2(ring: Position[]): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return s;
}

export function envelopeArea(ring: Position[]): number {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of ring) {
    if (p[0]! < minX) minX = p[0]!;
    if (p[0]! > maxX) maxX = p[0]!;
    if (p[1]! < minY) minY = p[1]!;
    if (p[1]! > maxY) maxY = p[1]!;
  }
  return (maxX - minX) * (maxY - minY);
}

/** Orients a ring counter-clockwise (ccw = true) or clockwise, in place. */
export function orient(ring: Position[], ccw: boolean): Position[] {
  const a = signedArea2(ring);
  if (a > 0 !== ccw && a !== 0) ring.reverse();
  return ring;
}

export function pointInRing(p: Position, ring: Position[]): boolean {
  let inside = false;
  const x = p[0]!,
    y = p[1]!;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!,
      yi = ring[i]![1]!,
      xj = ring[j]![0]!,
      yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
