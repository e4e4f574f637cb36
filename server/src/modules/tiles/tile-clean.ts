import polygonClipping, { type MultiPolygon } from 'polygon-clipping';
import { signedArea, type Pt } from './tile-geometry.js';
import { findFault, isValidPolygons, onSegment, ringInRing, type Poly, type Touch } from './tile-validity.js';

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
