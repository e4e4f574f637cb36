import polygonClipping, { type MultiPolygon } from 'polygon-clipping';
import { signedArea, type Pt } from './tile-geometry.js';

// Valid geometry in tile units, as MVT 2.1 §4.3 asks and GEOS checks: geojson-vt simplifies and
// clips in floating point and rounds to the tile grid last, and the quilt's clipping rounds too, so
// a tile's lines and rings can repeat a point, collapse, turn back on themselves or cross. Every
// feature is cleaned here on its way into the tile (`encodeMvt`): repeated points go, lines of
// fewer than two points and rings of fewer than three or of no area are dropped, spikes (a ring
// turning back on itself) are cut off, exteriors get positive area and holes negative; a ring that
// touches itself at a point is split there into its two loops, placed as the non-zero rule fills
// them; a polygon whose rings still touch themselves, cross or are badly nested is redrawn by
// polygon-clipping (non-zero rule) and snapped to the grid again until it is valid, or dropped.

/** Rounds of repair (redraw, snap, clean) a polygon gets before it is left out. */
const REPAIR_ROUNDS = 4;

/** A tile feature as the MVT writer takes it (`MvtFeature`): points, lines, or rings in tile units. */
interface TileFeature {
  type: 1 | 2 | 3;
  geometry: Pt[] | Pt[][];
}

/**
 * A feature known valid already (a tile made ahead, cleaned when it was made: tile-pack.ts):
 * `cleanTileFeature` passes it as it is. A copy of it (`{ ...f }`, as the quilt's clip makes) is a
 * plain object, checked again. A class rather than a WeakSet of the features: V8 collects a
 * WeakSet's entries as ephemerons, at a cost in every collection of a tile thread, which holds
 * thousands of them at a time.
 */
export class CleanFeature<T extends TileFeature['type'] = TileFeature['type']> {
  constructor(
    readonly type: T,
    readonly tags: Record<string, unknown>,
    readonly geometry: T extends 1 ? Pt[] : Pt[][],
  ) {}
}

/** The feature with valid geometry on the integer grid, or null when nothing valid is left of it. */
export function cleanTileFeature<F extends TileFeature>(f: F): F | null {
  if (f instanceof CleanFeature) return f;
  if (f.type === 1) {
    const points = (f.geometry as Pt[]).map(roundPt);
    return points.length > 0 ? { ...f, geometry: points } : null;
  }
  if (f.type === 2) {
    const lines: Pt[][] = [];
    for (const line of f.geometry as Pt[][]) {
      const l = dedupe(line.map(roundPt));
      if (l.length >= 2) lines.push(l);
    }
    return lines.length > 0 ? { ...f, geometry: lines } : null;
  }
  const polygons = cleanPolygons(groupRings(f.geometry as Pt[][]));
  if (polygons.length === 0) return null;
  return { ...f, geometry: polygons.flat() };
}

function roundPt(p: Pt): Pt {
  // Most points come rounded already (geojson-vt's transform): kept, not copied.
  if (Number.isInteger(p[0]) && Number.isInteger(p[1])) return p;
  return [Math.round(p[0]), Math.round(p[1])];
}

function same(a: Pt, b: Pt): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The line without consecutive repeated points. */
function dedupe(line: Pt[]): Pt[] {
  const out: Pt[] = [];
  for (const p of line) if (out.length === 0 || !same(out[out.length - 1]!, p)) out.push(p);
  return out;
}

function cross(o: Pt, a: Pt, b: Pt): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/**
 * A ring (open: the closing point not repeated) without repeated points and without spikes: a
 * vertex where the ring turns back along the way it came (or goes straight on, which adds nothing)
 * is removed, and its neighbours are looked at again. Null when fewer than three points or no
 * area remain.
 */
function cleanRing(ring: Pt[]): Pt[] | null {
  let pts = dedupe(ring.map(roundPt));
  if (pts.length > 1 && same(pts[0]!, pts[pts.length - 1]!)) pts.pop();
  // A stack walk: each point is compared with the last kept one and the next.
  const out: Pt[] = [];
  for (const p of pts) {
    out.push(p);
    while (out.length >= 3 && isRedundant(out[out.length - 3]!, out[out.length - 2]!, out[out.length - 1]!)) out.splice(out.length - 2, 1);
    // Removing a spike's tip can bring two equal points together.
    while (out.length >= 2 && same(out[out.length - 1]!, out[out.length - 2]!)) out.pop();
  }
  // The seam where the ring closes.
  let changed = true;
  while (changed && out.length >= 3) {
    changed = false;
    if (same(out[0]!, out[out.length - 1]!)) {
      out.pop();
      changed = true;
    } else if (isRedundant(out[out.length - 2]!, out[out.length - 1]!, out[0]!)) {
      out.pop();
      changed = true;
    } else if (isRedundant(out[out.length - 1]!, out[0]!, out[1]!)) {
      out.shift();
      changed = true;
    }
  }
  pts = out;
  if (pts.length < 3 || signedArea(pts) === 0) return null;
  return pts;
}

/** b lies on the line a–c: a spike tip (back-track) or a point adding nothing. */
function isRedundant(a: Pt, b: Pt, c: Pt): boolean {
  return cross(a, b, c) === 0;
}

type Poly = Pt[][];

/** Rings as the tile index writes them (exterior positive area, each followed by its holes) into polygons. */
function groupRings(rings: Pt[][]): Poly[] {
  const out: Poly[] = [];
  for (const ring of rings) {
    const r = cleanRing(ring);
    if (!r) continue;
    // A hole follows its exterior; a first ring of negative area is an exterior wound the wrong way.
    if (signedArea(r) > 0 || out.length === 0) out.push([r]);
    else out[out.length - 1]!.push(r);
  }
  return out;
}

/** Exterior rings positive area, holes negative (MVT 2.1 §4.3.4.4). */
function orient(polygons: Poly[]): Poly[] {
  for (const poly of polygons) {
    poly.forEach((ring, i) => {
      if (signedArea(ring) > 0 !== (i === 0)) ring.reverse();
    });
  }
  return polygons;
}

function cleanPolygons(polygons: Poly[]): Poly[] {
  // Each polygon on its own first (most faults are within one, and redrawing one costs less than
  // redrawing the feature), then the feature's polygons together.
  const each = orient(polygons).flatMap((p) => validated([p]));
  return each.length > 1 ? validated(each) : each;
}

/**
 * The polygons if valid; else, when their faults are rings touching themselves, those rings split
 * where they touch; else redrawn and snapped until they are valid; [] when they never are.
 */
function validated(polygons: Poly[]): Poly[] {
  if (polygons.length === 0) return polygons;
  let fault = findFault(polygons);
  if (!fault) return polygons;
  // Most faults (rounding to the grid brings a vertex onto another part of its ring) are a ring
  // touching itself: split there it is drawn as the non-zero rule draws it, for a fraction of a
  // redraw's cost. Anything else, even after a split, is redrawn from the polygons as they came.
  let current = polygons;
  for (let n = 0; n < MAX_SPLITS && fault !== null && fault !== true; n++) {
    const next = splitAtTouch(current, fault);
    if (!next) break;
    current = next;
    if (current.length === 0) return current;
    fault = findFault(current);
    if (!fault) return current;
  }
  current = polygons;
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    current = repair(current);
    if (current.length === 0 || isValidPolygons(current)) return current;
  }
  return [];
}

/** Splits of self-touching rings a polygon gets before it is redrawn instead. */
const MAX_SPLITS = 64;

/** A ring that touches itself at a point: which polygon, which of its rings (0 the exterior), where. */
interface Touch {
  polygon: number;
  ring: number;
  at: Pt;
}

/** The ring with `at` as a vertex wherever it lies inside one of the ring's edges. */
function withVertexAt(ring: Pt[], at: Pt): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    out.push(a);
    if (!same(a, at) && !same(b, at) && onSegment(at, a, b)) out.push(at);
  }
  return out;
}

function reversed(ring: Pt[]): Pt[] {
  return [...ring].reverse();
}

/**
 * The polygons with the touching ring split into its two loops at the point, placed as the
 * non-zero rule fills them (orientation and nesting): an exterior's loops become two polygons
 * meeting at the point or an exterior with a hole; a hole's, two holes or a hole with an island.
 * Null for any other arrangement (the polygons are redrawn instead).
 */
function splitAtTouch(polygons: Poly[], touch: Touch): Poly[] | null {
  const poly = polygons[touch.polygon]!;
  const ring = withVertexAt(poly[touch.ring]!, touch.at);
  const at: number[] = [];
  ring.forEach((p, i) => {
    if (same(p, touch.at)) at.push(i);
  });
  // Exactly one pinch; more (a ring running along itself, as clipped rings do at the tile's
  // edge) is redrawn.
  if (at.length !== 2) return null;
  const [first, second] = at as [number, number];
  const loops = [cleanRing(ring.slice(first, second)), cleanRing(ring.slice(second).concat(ring.slice(0, first)))].filter(
    (l): l is Pt[] => l !== null,
  );
  const isExterior = touch.ring === 0;
  const parentSign = isExterior ? 1 : -1;
  // What the loops make: exteriors (each a new polygon) and holes, or null.
  let exteriors: Pt[][] = [];
  let holes: Pt[][] = [];
  if (loops.length === 1) {
    const loop = loops[0]!;
    if (Math.sign(signedArea(loop)) !== parentSign) return null;
    (isExterior ? exteriors : holes).push(loop);
  } else if (loops.length === 2) {
    let [a, b] = loops as [Pt[], Pt[]];
    const aInB = ringInRing(a, b) > 0;
    const bInA = ringInRing(b, a) > 0;
    if (aInB && bInA) return null;
    if (aInB) [a, b] = [b, a];
    const sa = Math.sign(signedArea(a));
    const sb = Math.sign(signedArea(b));
    // Nothing is dropped: whatever the loops are made is checked again (`findFault`), and a
    // loop taken for inside the other when it is not (rings running along each other) fails it.
    if (!aInB && !bInA) {
      // Side by side, meeting at the point.
      if (isExterior) exteriors = [sa > 0 ? a : reversed(a), sb > 0 ? b : reversed(b)];
      else if (sa < 0 && sb < 0) holes = [a, b];
      else return null;
    } else if (isExterior && sa > 0 && sb < 0) {
      // b inside a, wound the other way: a hole.
      exteriors = [a];
      holes = [b];
    } else if (!isExterior && sa < 0 && sb > 0) {
      // b inside the hole a, wound back: an island.
      holes = [a];
      exteriors = [b];
    } else return null;
  }
  const out = polygons.slice(0, touch.polygon);
  if (isExterior) {
    const pieces: Poly[] = exteriors.map((e) => [e]);
    // The polygon's other holes, and the new ones, go with the exterior that holds them.
    for (const hole of [...holes, ...poly.slice(1)]) {
      const home = pieces.find((p) => ringInRing(hole, p[0]!) > 0);
      if (!home) return null;
      home.push(hole);
    }
    out.push(...pieces);
  } else {
    out.push([...poly.slice(0, touch.ring), ...holes, ...poly.slice(touch.ring + 1)]);
    out.push(...exteriors.map((e) => [e]));
  }
  out.push(...polygons.slice(touch.polygon + 1));
  return out;
}

/** The polygons redrawn by polygon-clipping (non-zero rule), snapped to the grid and cleaned. */
function repair(polygons: Poly[]): Poly[] {
  let drawn: MultiPolygon;
  try {
    drawn = polygonClipping.union(polygons.map((p) => p.map((r) => [...r, r[0]!])));
  } catch {
    return [];
  }
  const out: Poly[] = [];
  for (const poly of drawn) {
    const exterior = cleanRing(poly[0] as Pt[]);
    if (!exterior) continue;
    const rings = [exterior];
    for (let i = 1; i < poly.length; i++) {
      const hole = cleanRing(poly[i] as Pt[]);
      if (hole) rings.push(hole);
    }
    out.push(rings);
  }
  return orient(out);
}

/** Does point p lie on segment a–b (collinear and within its box)? */
function onSegment(p: Pt, a: Pt, b: Pt): boolean {
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
function findFault(polygons: Poly[]): Touch | true | null {
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
function ringInRing(ring: Pt[], other: Pt[]): number {
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

type Box = [number, number, number, number];

function boxOf(ring: Pt[]): Box {
  const b: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  }
  return b;
}

function boxInside(inner: Box, outer: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}
