import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import { isInside } from '../tiles/tile-geometry.js';
import type { LonLat } from './route-file.js';

// The geometry of a route check: lengths along the route (great circle), the corridor (a buffer of
// each leg in a local equirectangular projection around it, legs cut to at most 10 NM so the
// projection stays true, all joined with polygon-clipping, the library the map's quilt uses), and
// which chart serves each stretch. A route across the antimeridian is first made continuous
// (`unwrapLongitudes`: it runs on past ±180), and the charts beyond are moved to it by a whole turn
// (`worldParts`).

const EARTH_NM = 3440.065;
const MAX_LEG_NM = 10;
const ARC_STEPS = 12;
const rad = Math.PI / 180;

export function distanceNm(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The route with each longitude moved by whole turns so that no step between two points is more
 * than 180° east or west: a route across the antimeridian runs on past ±180 as one line (a ship
 * takes the short way between two points), as MapLibre draws it on the next world copy.
 */
export function unwrapLongitudes(points: LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const p of points) {
    const before = out.at(-1);
    let lon = p[0];
    if (before) lon -= 360 * Math.round((lon - before[0]) / 360);
    out.push(lon === p[0] ? p : [lon, p[1]]);
  }
  return out;
}

/**
 * A box of unwrapped longitudes (`unwrapLongitudes`) as the boxes within -180..180 it covers,
 * each with the shift (whole turns) that moves what lies there to the box's frame.
 */
export function worldParts([w, s, e, n]: [number, number, number, number]): { box: [number, number, number, number]; shift: number }[] {
  const parts: { box: [number, number, number, number]; shift: number }[] = [];
  for (let turn = Math.floor((w + 180) / 360); turn <= Math.floor((e + 180) / 360); turn++) {
    const shift = turn * 360;
    const west = Math.max(w - shift, -180);
    const east = Math.min(e - shift, 180);
    if (west < east || parts.length === 0) parts.push({ box: [west, s, east, n], shift });
  }
  return parts;
}

/** The polygons moved east by `shift` degrees. */
export function shiftMultiPolygon(mp: MultiPolygon, shift: number): MultiPolygon {
  return shift === 0 ? mp : mp.map((poly) => poly.map((ring) => ring.map(([x, y]) => [x + shift, y] as [number, number])));
}

/** A short leg of the route: its ends and their distances along the route. */
export interface Leg {
  a: LonLat;
  b: LonLat;
  fromNm: number;
  toNm: number;
}

/** The route cut into legs of at most 10 NM, with distances along it. */
export function legsOf(points: LonLat[]): Leg[] {
  const legs: Leg[] = [];
  let at = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = distanceNm(a, b);
    const parts = Math.max(1, Math.ceil(length / MAX_LEG_NM));
    for (let k = 0; k < parts; k++) {
      const p = (f: number): LonLat => [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
      legs.push({ a: p(k / parts), b: p((k + 1) / parts), fromNm: at + (length * k) / parts, toNm: at + (length * (k + 1)) / parts });
    }
    at += length;
  }
  return legs;
}

/** Nautical miles east/north of `origin`, and back. */
function localProjection(origin: LonLat) {
  const kx = 60 * Math.cos(origin[1] * rad);
  return {
    to: (p: LonLat): [number, number] => [(p[0] - origin[0]) * kx, (p[1] - origin[1]) * 60],
    from: (q: [number, number]): LonLat => [origin[0] + q[0] / kx, origin[1] + q[1] / 60],
  };
}

/** The leg moved sideways by `offsetNm` (positive to starboard of its direction). */
export function offsetLeg(leg: Leg, offsetNm: number): Leg {
  if (offsetNm === 0) return leg;
  const proj = localProjection(leg.a);
  const [bx, by] = proj.to(leg.b);
  const len = Math.hypot(bx, by) || 1;
  const [nx, ny] = [(by / len) * offsetNm, (-bx / len) * offsetNm];
  return { ...leg, a: proj.from([nx, ny]), b: proj.from([bx + nx, by + ny]) };
}

/** A leg's buffer: the rectangle along it with a half circle at each end. */
function capsule(leg: Leg, widthNm: number): Polygon {
  const proj = localProjection(leg.a);
  const [bx, by] = proj.to(leg.b);
  const heading = Math.atan2(by, bx);
  const ring: LonLat[] = [];
  const arc = (cx: number, cy: number, start: number) => {
    for (let s = 0; s <= ARC_STEPS; s++) {
      const angle = start + (Math.PI * s) / ARC_STEPS;
      ring.push(proj.from([cx + widthNm * Math.cos(angle), cy + widthNm * Math.sin(angle)]));
    }
  };
  arc(bx, by, heading - Math.PI / 2);
  arc(0, 0, heading + Math.PI / 2);
  ring.push(ring[0]!);
  return [ring];
}

/**
 * The route with the points dropped that lie within `toleranceNm` of the line kept (Douglas–Peucker
 * in one equirectangular projection around the route's middle latitude): a track of thousands of
 * points buffers as fast as a planned route.
 */
export function simplify(points: LonLat[], toleranceNm: number): LonLat[] {
  if (points.length <= 2) return points;
  const midLat = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  const proj = localProjection([points[0]![0], midLat]);
  const xy = points.map((p) => proj.to(p));
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = xy[first]!;
    const [bx, by] = xy[last]!;
    const len = Math.hypot(bx - ax, by - ay);
    let worst = -1;
    let worstAt = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = xy[i]!;
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > worst) [worst, worstAt] = [d, i];
    }
    if (worst > toleranceNm) {
      keep[worstAt] = 1;
      stack.push([first, worstAt], [worstAt, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Joins polygons two by two (a tree of unions): far fewer crossings than one union of all at once. */
function unionAll(polygons: MultiPolygon[]): MultiPolygon {
  let level = polygons;
  while (level.length > 1) {
    const next: MultiPolygon[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? polygonClipping.union(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0] ?? [];
}

/**
 * The corridor: every leg's buffer joined, as a GeoJSON geometry. The route is first simplified to
 * a twentieth of the width, so the corridor is true to within 5 % of it.
 */
export function corridorOf(points: LonLat[], widthNm: number) {
  const legs = legsOf(simplify(points, widthNm / 20));
  const joined = unionAll(legs.map((leg) => [capsule(leg, widthNm)]));
  return joined.length === 1
    ? { type: 'Polygon' as const, coordinates: joined[0]! as LonLat[][] }
    : { type: 'MultiPolygon' as const, coordinates: joined as LonLat[][][] };
}

/** A chart that may serve the route: its coverage (lon/lat MultiPolygon) and its rank (lower is better). */
export interface CoverageShape {
  coverage: MultiPolygon;
  bbox: [number, number, number, number];
}

export function bboxPolygon([w, s, e, n]: [number, number, number, number]): MultiPolygon {
  return [
    [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  ];
}

export function boundsOf(mp: MultiPolygon): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of mp)
    for (const ring of poly)
      for (const [x, y] of ring) {
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
  return [w, s, e, n];
}

/** Where along P→Q (0..1) it crosses the edges of `mp` that lie near it. */
function crossings(p: LonLat, q: LonLat, mp: MultiPolygon, out: number[]) {
  const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
  const [minX, maxX, minY, maxY] = [Math.min(p[0], q[0]), Math.max(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[1], q[1])];
  for (const poly of mp)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) {
        const [ax, ay] = ring[i - 1]!;
        const [bx, by] = ring[i]!;
        if (Math.max(ax, bx) < minX || Math.min(ax, bx) > maxX || Math.max(ay, by) < minY || Math.min(ay, by) > maxY) continue;
        const [ex, ey] = [bx - ax, by - ay];
        const denom = dx * ey - dy * ex;
        if (denom === 0) continue;
        const t = ((ax - p[0]) * ey - (ay - p[1]) * ex) / denom;
        const u = ((ax - p[0]) * dy - (ay - p[1]) * dx) / denom;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) out.push(t);
      }
}

const touches = (a: [number, number, number, number], b: [number, number, number, number]) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** A stretch of one line and the chart serving it (its index in the ranked list; -1: none). */
export interface Served {
  fromNm: number;
  toNm: number;
  chart: number;
}

/**
 * Along the legs, which chart serves each stretch: the best ranked one (first in `ranked`) whose
 * coverage holds it. Exact: the legs are cut where they cross a coverage edge, and each piece is
 * given to the chart holding its middle. Adjacent pieces of the same chart are joined.
 */
export function serveLine(legs: Leg[], ranked: CoverageShape[]): Served[] {
  const out: Served[] = [];
  for (const leg of legs) {
    const box: [number, number, number, number] = [
      Math.min(leg.a[0], leg.b[0]),
      Math.min(leg.a[1], leg.b[1]),
      Math.max(leg.a[0], leg.b[0]),
      Math.max(leg.a[1], leg.b[1]),
    ];
    const near = ranked.map((shape, i) => ({ shape, i })).filter(({ shape }) => touches(shape.bbox, box));
    const cuts = [0, 1];
    for (const { shape } of near) crossings(leg.a, leg.b, shape.coverage, cuts);
    cuts.sort((x, y) => x - y);
    for (let k = 1; k < cuts.length; k++) {
      const [t0, t1] = [cuts[k - 1]!, cuts[k]!];
      if (t1 - t0 < 1e-12) continue;
      const tm = (t0 + t1) / 2;
      const mid: LonLat = [leg.a[0] + (leg.b[0] - leg.a[0]) * tm, leg.a[1] + (leg.b[1] - leg.a[1]) * tm];
      const chart = near.find(({ shape }) => isInside(mid, shape.coverage))?.i ?? -1;
      const span = leg.toNm - leg.fromNm;
      const piece = { fromNm: leg.fromNm + span * t0, toNm: leg.fromNm + span * t1, chart };
      const last = out.at(-1);
      if (last && last.chart === chart && Math.abs(last.toNm - piece.fromNm) < 1e-9) last.toNm = piece.toNm;
      else out.push(piece);
    }
  }
  return out;
}

/** The route line between two distances along it (its own points inside, the ends interpolated). */
export function lineBetween(legs: Leg[], fromNm: number, toNm: number): LonLat[] {
  const at = (leg: Leg, d: number): LonLat => {
    const f = leg.toNm === leg.fromNm ? 0 : (d - leg.fromNm) / (leg.toNm - leg.fromNm);
    return [leg.a[0] + (leg.b[0] - leg.a[0]) * f, leg.a[1] + (leg.b[1] - leg.a[1]) * f];
  };
  const line: LonLat[] = [];
  for (const leg of legs) {
    if (leg.toNm < fromNm || leg.fromNm > toNm) continue;
    if (line.length === 0) line.push(at(leg, Math.max(fromNm, leg.fromNm)));
    line.push(at(leg, Math.min(toNm, leg.toNm)));
  }
  return line;
}
