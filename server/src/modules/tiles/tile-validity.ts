import { boxOf, type Box, type Pt } from './tile-geometry.js';

// Validity of polygons in tile units as GEOS sees it (tile-clean.ts makes them so): exact tests,
// since tile coordinates are small integers.

/** Polygons: an exterior ring (positive area) followed by its holes. */
export type Poly = Pt[][];

/** A ring that touches itself at a point: which polygon, which of its rings (0 the exterior), where. */
export interface Touch {
  polygon: number;
  ring: number;
  at: Pt;
}

/** Does point p lie on segment a–b (collinear and within its box)? */
export function onSegment(p: Pt, a: Pt, b: Pt): boolean {
  return onSegmentXY(p[0], p[1], a[0], a[1], b[0], b[1]);
}

function onSegmentXY(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  return (
    (bx - ax) * (py - ay) - (by - ay) * (px - ax) === 0 &&
    Math.min(ax, bx) <= px &&
    px <= Math.max(ax, bx) &&
    Math.min(ay, by) <= py &&
    py <= Math.max(ay, by)
  );
}

/**
 * The segments of the rings being checked, in typed arrays kept from check to check (a check
 * makes no object per segment: the preparation checks millions of them): each segment's ends,
 * box, ring and place.
 */
class Segments {
  ax = new Float64Array(0);
  ay = new Float64Array(0);
  bx = new Float64Array(0);
  by = new Float64Array(0);
  minX = new Float64Array(0);
  maxX = new Float64Array(0);
  minY = new Float64Array(0);
  maxY = new Float64Array(0);
  ring = new Int32Array(0);
  index = new Int32Array(0);
  /** The segments in the sweep's order, and the sweep's active ones. */
  order = new Uint32Array(0);
  active = new Uint32Array(0);
  /** Where `contact` found the segments meeting, when at one point. */
  x = 0;
  y = 0;

  /** Takes the rings' `count` segments, in arrays kept from call to call (grown when too small). */
  load(rings: Pt[][], count: number): void {
    if (this.ax.length < count) {
      const size = Math.max(count, this.ax.length * 2, 64);
      this.ax = new Float64Array(size);
      this.ay = new Float64Array(size);
      this.bx = new Float64Array(size);
      this.by = new Float64Array(size);
      this.minX = new Float64Array(size);
      this.maxX = new Float64Array(size);
      this.minY = new Float64Array(size);
      this.maxY = new Float64Array(size);
      this.ring = new Int32Array(size);
      this.index = new Int32Array(size);
      this.order = new Uint32Array(size);
      this.active = new Uint32Array(size);
    }
    let k = 0;
    rings.forEach((ring, r) => {
      for (let i = 0; i < ring.length; i++, k++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        this.ax[k] = a[0];
        this.ay[k] = a[1];
        this.bx[k] = b[0];
        this.by[k] = b[1];
        this.minX[k] = Math.min(a[0], b[0]);
        this.maxX[k] = Math.max(a[0], b[0]);
        this.minY[k] = Math.min(a[1], b[1]);
        this.maxY[k] = Math.max(a[1], b[1]);
        this.ring[k] = r;
        this.index[k] = i;
        this.order[k] = k;
      }
    });
    const minX = this.minX;
    this.order.subarray(0, count).sort((p, q) => minX[p]! - minX[q]! || p - q);
  }

  /** How segments s and t meet (exact: tile coordinates are small integers); at one point, `x`, `y` say where. */
  contact(s: number, t: number): Contact {
    const sax = this.ax[s]!;
    const say = this.ay[s]!;
    const sbx = this.bx[s]!;
    const sby = this.by[s]!;
    const tax = this.ax[t]!;
    const tay = this.ay[t]!;
    const tbx = this.bx[t]!;
    const tby = this.by[t]!;
    const d1 = (tbx - tax) * (say - tay) - (tby - tay) * (sax - tax);
    const d2 = (tbx - tax) * (sby - tay) - (tby - tay) * (sbx - tax);
    const d3 = (sbx - sax) * (tay - say) - (sby - say) * (tax - sax);
    const d4 = (sbx - sax) * (tby - say) - (sby - say) * (tbx - sax);
    if (d1 === 0 && d2 === 0) {
      // Collinear: they overlap when more than one point is shared.
      let found = 0;
      const take = (x: number, y: number) => {
        if (found > 0 && this.x === x && this.y === y) return;
        found++;
        this.x = x;
        this.y = y;
      };
      if (onSegmentXY(sax, say, tax, tay, tbx, tby)) take(sax, say);
      if (onSegmentXY(sbx, sby, tax, tay, tbx, tby)) take(sbx, sby);
      if (onSegmentXY(tax, tay, sax, say, sbx, sby)) take(tax, tay);
      if (onSegmentXY(tbx, tby, sax, say, sbx, sby)) take(tbx, tby);
      // Each point is compared with the last one taken only: once two differ, they overlap.
      return found === 0 ? Contact.None : found === 1 ? Contact.Point : Contact.Overlap;
    }
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return Contact.Cross;
    if (d1 === 0 && onSegmentXY(sax, say, tax, tay, tbx, tby)) return this.at(sax, say);
    if (d2 === 0 && onSegmentXY(sbx, sby, tax, tay, tbx, tby)) return this.at(sbx, sby);
    if (d3 === 0 && onSegmentXY(tax, tay, sax, say, sbx, sby)) return this.at(tax, tay);
    if (d4 === 0 && onSegmentXY(tbx, tby, sax, say, sbx, sby)) return this.at(tbx, tby);
    return Contact.None;
  }

  private at(x: number, y: number): Contact {
    this.x = x;
    this.y = y;
    return Contact.Point;
  }
}

/** How two segments meet (`Segments.contact`). */
const Contact = { None: 0, Point: 1, Cross: 2, Overlap: 3 } as const;
type Contact = (typeof Contact)[keyof typeof Contact];

/** The one set of segments every check fills (a thread checks one polygon at a time). */
const segments = new Segments();

/** A key for a point of the grid (tile units stay far inside ±2^21). */
function pointKey(x: number, y: number): number {
  return x * 4_194_304 + y;
}

/**
 * Valid as GEOS sees a (multi)polygon: no ring touches or crosses itself; no two rings cross or
 * share an edge, and two rings of one polygon touch at one point at most; every hole lies inside its exterior and outside the other
 * holes; no exterior lies inside another polygon (unless in one of its holes).
 */
export function isValidPolygons(polygons: Poly[]): boolean {
  return findFault(polygons) === null;
}

/** Null when valid (`isValidPolygons`); a ring touching itself at a point; true for any other fault. */
export function findFault(polygons: Poly[]): Touch | true | null {
  const rings: Pt[][] = polygons.flat();
  const polygonOf = polygons.flatMap((p, i) => p.map(() => i));
  const ringOf = polygons.flatMap((p) => p.map((_, j) => j));
  let count = 0;
  for (const ring of rings) count += ring.length;
  const seg = segments;
  seg.load(rings, count);
  const { minX, maxX, minY, maxY, order, active } = seg;
  const touches = new Map<number, number>();
  let activeLength = 0;
  for (let o = 0; o < count; o++) {
    const s = order[o]!;
    const sMinX = minX[s]!;
    const sMinY = minY[s]!;
    const sMaxY = maxY[s]!;
    const sRing = seg.ring[s]!;
    // One pass over the active segments: those ending left of this one can meet no later one
    // either and are dropped (the others moved down in place), the rest are tested.
    let kept = 0;
    for (let k = 0; k < activeLength; k++) {
      const t = active[k]!;
      if (maxX[t]! < sMinX) continue;
      active[kept++] = t;
      if (maxY[t]! < sMinY || minY[t]! > sMaxY) continue;
      const c = seg.contact(s, t);
      if (c === Contact.None) continue;
      if (c !== Contact.Point) return true;
      const tRing = seg.ring[t]!;
      if (sRing === tRing) {
        const ringLength = rings[sRing]!.length;
        const si = seg.index[s]!;
        const ti = seg.index[t]!;
        const gap = Math.abs(si - ti);
        const adjacent = gap === 1 || gap === ringLength - 1;
        // Neighbours share their common vertex; anything else is the ring touching itself.
        if (!adjacent) return { polygon: polygonOf[sRing]!, ring: ringOf[sRing]!, at: [seg.x, seg.y] };
        const common = si === (ti + 1) % ringLength ? s : t;
        if (seg.x !== seg.ax[common] || seg.y !== seg.ay[common]) return true;
        continue;
      }
      // Rings of different polygons may touch at points; two rings of one polygon at one point
      // only (at two they cut its interior apart).
      if (polygonOf[sRing] !== polygonOf[tRing]) continue;
      const pair = sRing < tRing ? sRing * rings.length + tRing : tRing * rings.length + sRing;
      const at = pointKey(seg.x, seg.y);
      const before = touches.get(pair);
      if (before !== undefined && before !== at) return true;
      touches.set(pair, at);
    }
    activeLength = kept;
    active[activeLength++] = s;
  }
  return isNestingValid(polygons) ? null : true;
}

/** 1 inside, -1 outside, 0 on the ring. */
function pointInRing(p: Pt, ring: Pt[]): number {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    if (onSegment(p, a, b)) return 0;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Where a ring lies against another it does not cross (1 inside, -1 outside), from a vertex not on it. */
export function ringInRing(ring: Pt[], other: Pt[]): number {
  for (const p of ring) {
    const at = pointInRing(p, other);
    if (at !== 0) return at;
  }
  // Every vertex on the other ring: a midpoint decides.
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const at = pointInRing([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], other);
    if (at !== 0) return at;
  }
  return 1;
}

function isNestingValid(polygons: Poly[]): boolean {
  for (const poly of polygons) {
    const exterior = poly[0]!;
    const holeBoxes = poly.map(boxOf);
    for (let i = 1; i < poly.length; i++) {
      if (ringInRing(poly[i]!, exterior) < 0) return false;
      for (let j = 1; j < poly.length; j++) {
        if (j !== i && boxInside(holeBoxes[i]!, holeBoxes[j]!) && ringInRing(poly[i]!, poly[j]!) > 0) return false;
      }
    }
  }
  if (polygons.length < 2) return true;
  const boxes = polygons.map((p) => boxOf(p[0]!));
  for (let i = 0; i < polygons.length; i++) {
    for (let j = 0; j < polygons.length; j++) {
      if (i === j || !boxInside(boxes[i]!, boxes[j]!)) continue;
      const outer = polygons[j]!;
      if (ringInRing(polygons[i]![0]!, outer[0]!) < 0) continue;
      // Inside the other exterior: valid only within one of its holes.
      if (!outer.slice(1).some((hole) => ringInRing(polygons[i]![0]!, hole) > 0)) return false;
    }
  }
  return true;
}

function boxInside(inner: Box, outer: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}
