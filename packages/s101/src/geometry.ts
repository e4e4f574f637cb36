// A feature's geometry in WGS 84 from its spatial associations (S-100 Part 10a): points and
// multipoints (soundings, with their depths as z), curves and composite curves followed in the
// direction their references give, surfaces as rings of (composite) curves. Lines and rings are
// flat (lon, lat pairs), as @chartroom/s57 gives them to the map's tile index; exterior rings
// counter-clockwise and holes clockwise, as RFC 7946 asks. Unclosed rings are kept, as GDAL does.
import type { FlatGeometry, FlatLine, Position } from '@chartroom/s57';
import { orient, pointInRing } from '@chartroom/s57/geo/rings';
import type { S101Dataset } from './dataset.js';
import {
  RCNM_COMPOSITE_CURVE,
  RCNM_CURVE,
  RCNM_MULTIPOINT,
  RCNM_POINT,
  RCNM_SURFACE,
  type FeatureRecord,
  type RecordRef,
} from './model.js';

/**
 * Composite curves nest. A composite that contains itself (damaged data) is not followed again,
 * and one call follows at most this many components (a damaged dataset could nest composites so
 * that each is reached exponentially often).
 */
const MAX_COMPONENTS = 1_000_000;

/** Turns stored integers into degrees (and metres for z). */
export interface Scaler {
  lon(x: number): number;
  lat(y: number): number;
  z(z: number): number;
}

export function scalerOf(ds: S101Dataset): Scaler {
  const s = ds.scale;
  return { lon: (x) => x / s.x + s.dx, lat: (y) => y / s.y + s.dy, z: (z) => z / s.z + s.dz };
}

/** The point of a point record as [lon, lat] or [lon, lat, z], or null. */
export function pointPosition(ds: S101Dataset, sc: Scaler, rcid: number): Position | null {
  const p = ds.spatial(RCNM_POINT, rcid);
  if (!p || p.rcnm !== RCNM_POINT || p.coords.length < p.dim) return null;
  const out = [sc.lon(p.coords[0]!), sc.lat(p.coords[1]!)];
  if (p.dim === 3) out.push(sc.z(p.coords[2]!));
  return out;
}

/** The positions of a multipoint record (soundings: z is the depth in metres). */
export function multiPointPositions(ds: S101Dataset, sc: Scaler, rcid: number): Position[] {
  const m = ds.spatial(RCNM_MULTIPOINT, rcid);
  if (!m || m.rcnm !== RCNM_MULTIPOINT) return [];
  const out: Position[] = [];
  const c = m.coords,
    d = m.dim;
  for (let i = 0; i + d <= c.length; i += d)
    out.push(d === 3 ? [sc.lon(c[i]!), sc.lat(c[i + 1]!), sc.z(c[i + 2]!)] : [sc.lon(c[i]!), sc.lat(c[i + 1]!)]);
  return out;
}

/** Appends the lon, lat pairs of `line` to `out`, reversed or not, skipping a first point equal to out's last. */
function append(out: FlatLine, line: FlatLine, reverse: boolean): void {
  const n = line.length / 2;
  let i = reverse ? n - 1 : 0;
  const step = reverse ? -1 : 1;
  if (n > 0 && out.length >= 2 && out[out.length - 2] === line[2 * i] && out[out.length - 1] === line[2 * i + 1]) i += step;
  for (; reverse ? i >= 0 : i < n; i += step) out.push(line[2 * i]!, line[2 * i + 1]!);
}

/** The lon, lat pairs of a curve (its segments in order) or composite curve, reversed or not. */
export function curveLine(ds: S101Dataset, sc: Scaler, ref: RecordRef, reverse: boolean): FlatLine {
  const out: FlatLine = [];
  followCurve(ds, sc, ref, reverse, out, { path: new Set(), visits: 0 });
  return out;
}

/** Pushes a point onto `out` unless it repeats out's last point. */
function push(out: FlatLine, x: number, y: number): void {
  const n = out.length;
  if (n >= 2 && out[n - 2] === x && out[n - 1] === y) return;
  out.push(x, y);
}

/**
 * Appends a curve's or composite curve's points to `out` in the direction asked (a reversed
 * composite is its components in reverse order, each reversed), with no intermediate arrays.
 */
function followCurve(
  ds: S101Dataset,
  sc: Scaler,
  ref: RecordRef,
  reverse: boolean,
  out: FlatLine,
  walk: { path: Set<number>; visits: number },
): void {
  if (++walk.visits > MAX_COMPONENTS) return;
  if (ref.rcnm === RCNM_CURVE) {
    const c = ds.spatial(RCNM_CURVE, ref.rcid);
    if (!c || c.rcnm !== RCNM_CURVE) return;
    const segs = c.segments;
    for (let k = 0; k < segs.length; k++) {
      const seg = segs[reverse ? segs.length - 1 - k : k]!;
      const co = seg.coords,
        d = seg.dim,
        n = Math.floor(co.length / d);
      for (let j = 0; j < n; j++) {
        const i = (reverse ? n - 1 - j : j) * d;
        // Where two pieces meet, their shared point once.
        if (j === 0) push(out, sc.lon(co[i]!), sc.lat(co[i + 1]!));
        else out.push(sc.lon(co[i]!), sc.lat(co[i + 1]!));
      }
    }
  } else if (ref.rcnm === RCNM_COMPOSITE_CURVE && !walk.path.has(ref.rcid)) {
    const cc = ds.spatial(RCNM_COMPOSITE_CURVE, ref.rcid);
    if (!cc || cc.rcnm !== RCNM_COMPOSITE_CURVE) return;
    walk.path.add(ref.rcid);
    const parts = cc.components;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[reverse ? parts.length - 1 - k : k]!;
      followCurve(ds, sc, part, (part.orientation === 2) !== reverse, out, walk);
    }
    walk.path.delete(ref.rcid);
  }
}

/** Envelope area of a flat ring (to pick the exterior when a surface says nothing). */
function envelopeArea(ring: FlatLine): number {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    w = Math.min(w, ring[i]!);
    e = Math.max(e, ring[i]!);
    s = Math.min(s, ring[i + 1]!);
    n = Math.max(n, ring[i + 1]!);
  }
  return ring.length >= 2 ? (e - w) * (n - s) : 0;
}

/** The polygons of a surface record: each exterior ring with the interior rings inside it. */
export function surfacePolygons(ds: S101Dataset, sc: Scaler, rcid: number): FlatLine[][] {
  const s = ds.spatial(RCNM_SURFACE, rcid);
  if (!s || s.rcnm !== RCNM_SURFACE) return [];
  const exteriors: FlatLine[] = [];
  const interiors: FlatLine[] = [];
  for (const ring of s.rings) {
    const line = curveLine(ds, sc, ring, ring.orientation === 2);
    if (line.length < 4) continue;
    (ring.usage === 2 ? interiors : exteriors).push(line);
  }
  if (exteriors.length === 0 && interiors.length > 0) {
    // No ring marked exterior: the largest is (as GDAL decides for S-57).
    interiors.sort((a, b) => envelopeArea(b) - envelopeArea(a));
    exteriors.push(interiors.shift()!);
  }
  const polys = exteriors.map((r) => [orient(r, true)]);
  for (const hole of interiors) {
    const host = polys.length === 1 ? polys[0] : (polys.find((p) => pointInRing(hole[0]!, hole[1]!, p[0]!)) ?? polys[0]);
    host?.push(orient(hole, false));
  }
  return polys;
}

/** Joins lines end to start where they meet (within 1e-9°), as one line or several. */
function joinLines(lines: FlatLine[]): FlatLine[] {
  const out: FlatLine[] = [];
  for (const l of lines) {
    const last = out[out.length - 1];
    if (last && Math.abs(last[last.length - 2]! - l[0]!) < 1e-9 && Math.abs(last[last.length - 1]! - l[1]!) < 1e-9) append(last, l, false);
    else out.push(l.slice());
  }
  return out;
}

/**
 * The geometry of a feature (see the file comment), or null when it has none (a meta feature
 * without spatial associations, or references to records the dataset does not have).
 */
export function featureFlatGeometry(ds: S101Dataset, f: FeatureRecord, sc: Scaler = scalerOf(ds)): FlatGeometry | null {
  const points: Position[] = [];
  const lines: FlatLine[] = [];
  const polygons: FlatLine[][] = [];
  let multi = false;
  for (const a of f.spatialAssociations) {
    switch (a.rcnm) {
      case RCNM_POINT: {
        const p = pointPosition(ds, sc, a.rcid);
        if (p) points.push(p);
        break;
      }
      case RCNM_MULTIPOINT:
        points.push(...multiPointPositions(ds, sc, a.rcid));
        multi = true;
        break;
      case RCNM_CURVE:
      case RCNM_COMPOSITE_CURVE: {
        const l = curveLine(ds, sc, a, a.orientation === 2);
        if (l.length >= 4) lines.push(l);
        break;
      }
      case RCNM_SURFACE:
        polygons.push(...surfacePolygons(ds, sc, a.rcid));
        break;
    }
  }
  if (polygons.length > 0)
    return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
  if (lines.length > 0) {
    const joined = joinLines(lines);
    return joined.length === 1 ? { type: 'LineString', coordinates: joined[0]! } : { type: 'MultiLineString', coordinates: joined };
  }
  if (points.length === 0) return null;
  return points.length === 1 && !multi ? { type: 'Point', coordinates: points[0]! } : { type: 'MultiPoint', coordinates: points };
}
