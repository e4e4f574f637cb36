import polygonClipping, { type MultiPolygon } from 'polygon-clipping';
import { signedArea, type Pt } from './tile-geometry.js';

// Valid geometry in tile units, as MVT 2.1 §4.3 asks and GEOS checks: geojson-vt simplifies and
// clips in floating point and rounds to the tile grid last, and the quilt's clipping rounds too, so
// a tile's lines and rings can repeat a point, collapse, turn back on themselves or cross. Every
// feature is cleaned here on its way into the tile (`encodeMvt`): repeated points go, lines of
// fewer than two points and rings of fewer than three or of no area are dropped, spikes (a ring
// turning back on itself) are cut off, exteriors get positive area and holes negative; a polygon
// whose rings still touch themselves, cross or are badly nested is redrawn by polygon-clipping
// (non-zero rule) and snapped to the grid again until it is valid, or dropped.

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

/** The polygons if valid, else redrawn and snapped until they are; [] when they never are. */
function validated(polygons: Poly[]): Poly[] {
  let current = polygons;
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    if (current.length === 0 || isValidPolygons(current)) return current;
    current = repair(current);
  }
  return current.length > 0 && isValidPolygons(current) ? current : [];
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

interface Segment {
  a: Pt;
  b: Pt;
  ring: number;
  index: number;
  ringLength: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Does point p lie on segment a–b (collinear and within its box)? */
function onSegment(p: Pt, a: Pt, b: Pt): boolean {
  return (
    cross(a, b, p) === 0 &&
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

type Contact = { kind: 'none' } | { kind: 'point'; at: Pt } | { kind: 'cross' } | { kind: 'overlap' };

/** How two segments meet (exact: tile coordinates are small integers). */
function contact(s: Segment, t: Segment): Contact {
  const d1 = cross(t.a, t.b, s.a);
  const d2 = cross(t.a, t.b, s.b);
  const d3 = cross(s.a, s.b, t.a);
  const d4 = cross(s.a, s.b, t.b);
  if (d1 === 0 && d2 === 0) {
    // Collinear: they overlap when more than one point is shared.
    const shared = [s.a, s.b].filter((p) => onSegment(p, t.a, t.b)).concat([t.a, t.b].filter((p) => onSegment(p, s.a, s.b)));
    const distinct = shared.filter((p, i) => shared.findIndex((q) => same(p, q)) === i);
    if (distinct.length === 0) return { kind: 'none' };
    return distinct.length === 1 ? { kind: 'point', at: distinct[0]! } : { kind: 'overlap' };
  }
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return { kind: 'cross' };
  if (d1 === 0 && onSegment(s.a, t.a, t.b)) return { kind: 'point', at: s.a };
  if (d2 === 0 && onSegment(s.b, t.a, t.b)) return { kind: 'point', at: s.b };
  if (d3 === 0 && onSegment(t.a, s.a, s.b)) return { kind: 'point', at: t.a };
  if (d4 === 0 && onSegment(t.b, s.a, s.b)) return { kind: 'point', at: t.b };
  return { kind: 'none' };
}

/**
 * Valid as GEOS sees a (multi)polygon: no ring touches or crosses itself; no two rings cross or
 * share an edge, and two rings of one polygon touch at one point at most; every hole lies inside its exterior and outside the other
 * holes; no exterior lies inside another polygon (unless in one of its holes).
 */
export function isValidPolygons(polygons: Poly[]): boolean {
  const rings: Pt[][] = polygons.flat();
  const polygonOf = polygons.flatMap((p, i) => p.map(() => i));
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      segments.push({
        a,
        b,
        ring: r,
        index: i,
        ringLength: ring.length,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
        minY: Math.min(a[1], b[1]),
        maxY: Math.max(a[1], b[1]),
      });
    }
  });
  segments.sort((p, q) => p.minX - q.minX);
  const touches = new Map<string, string>();
  const active: Segment[] = [];
  for (const s of segments) {
    const sMinY = s.minY;
    const sMaxY = s.maxY;
    // One pass over the active segments: those ending left of this one can meet no later one
    // either and are dropped (the others moved down in place), the rest are tested.
    let kept = 0;
    for (let k = 0; k < active.length; k++) {
      const t = active[k]!;
      if (t.maxX < s.minX) continue;
      active[kept++] = t;
      if (t.maxY < sMinY || t.minY > sMaxY) continue;
      const c = contact(s, t);
      if (c.kind === 'none') continue;
      if (c.kind === 'cross' || c.kind === 'overlap') return false;
      if (s.ring === t.ring) {
        const gap = Math.abs(s.index - t.index);
        const adjacent = gap === 1 || gap === s.ringLength - 1;
        // Neighbours share their common vertex; anything else is the ring touching itself.
        if (!adjacent) return false;
        const common = s.index === (t.index + 1) % s.ringLength ? s.a : t.a;
        if (!same(c.at, common)) return false;
        continue;
      }
      // Rings of different polygons may touch at points; two rings of one polygon at one point
      // only (at two they cut its interior apart).
      if (polygonOf[s.ring] !== polygonOf[t.ring]) continue;
      const pair = s.ring < t.ring ? `${s.ring}:${t.ring}` : `${t.ring}:${s.ring}`;
      const at = `${c.at[0]},${c.at[1]}`;
      const before = touches.get(pair);
      if (before !== undefined && before !== at) return false;
      touches.set(pair, at);
    }
    active.length = kept;
    active.push(s);
  }
  return isNestingValid(polygons);
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
