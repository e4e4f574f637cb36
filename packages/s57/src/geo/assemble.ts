// Feature geometry from the spatial records, following GDAL's S57 reader conventions:
// points and soundings from isolated/connected nodes, lines from edges (honouring orientation,
// joining connected edges), areas from edges chained into rings.
import { RCNM_VC, RCNM_VE, RCNM_VI, type FeatureRecord, type S57Dataset, type VectorLookup, type VectorRecord } from '../s57/model.js';
import { CellIndex } from '../s57/lazy.js';
import { buildRings, envelopeArea, orient, pointInRing, type Edge } from './rings.js';
import type { FlatGeometry, FlatLine, Geometry, Position } from './types.js';

const OBJL_SOUNDG = 129;

export type { VectorLookup } from '../s57/model.js';

export interface GeometryContext {
  comf: number;
  somf: number;
  vi: VectorLookup;
  vc: VectorLookup;
  ve: VectorLookup;
}

export function geometryContext(ds: S57Dataset | CellIndex): GeometryContext {
  // Without DSPM (update files) GDAL assumes COMF 1 000 000 and SOMF 10.
  const comf = Number(ds.dspm?.COMF) || 1_000_000;
  const somf = Number(ds.dspm?.SOMF) || 10;
  if (ds instanceof CellIndex)
    return { comf, somf, vi: ds.vectorLookup(RCNM_VI), vc: ds.vectorLookup(RCNM_VC), ve: ds.vectorLookup(RCNM_VE) };
  const empty = new Map<number, VectorRecord>();
  return {
    comf,
    somf,
    vi: ds.vectors.get(RCNM_VI) ?? empty,
    vc: ds.vectors.get(RCNM_VC) ?? empty,
    ve: ds.vectors.get(RCNM_VE) ?? empty,
  };
}

function nodeRecord(ctx: GeometryContext, rcnm: number, rcid: number): VectorRecord | undefined {
  return rcnm === RCNM_VI ? ctx.vi.get(rcid) : rcnm === RCNM_VC ? ctx.vc.get(rcid) : undefined;
}

function firstPoint(ctx: GeometryContext, v: VectorRecord | undefined): Position | null {
  if (!v || v.coords.length < v.dim) return null;
  const p = [v.coords[0]! / ctx.comf, v.coords[1]! / ctx.comf];
  if (v.dim === 3) p.push(v.coords[2]! / ctx.somf);
  return p;
}

function pointGeometry(ctx: GeometryContext, f: FeatureRecord): FlatGeometry | null {
  const ptr = f.spatialPointers[0];
  if (!ptr) return null;
  const v = nodeRecord(ctx, ptr.rcnm, ptr.rcid);
  if (!v) return null;
  if (f.objl === OBJL_SOUNDG) {
    const pts: Position[] = [];
    const c = v.coords;
    for (let i = 0; i + v.dim <= c.length; i += v.dim) {
      pts.push(v.dim === 3 ? [c[i]! / ctx.comf, c[i + 1]! / ctx.comf, c[i + 2]! / ctx.somf] : [c[i]! / ctx.comf, c[i + 1]! / ctx.comf]);
    }
    return { type: 'MultiPoint', coordinates: pts };
  }
  const p = firstPoint(ctx, v);
  return p ? { type: 'Point', coordinates: p } : null;
}

/** Vertices of an edge's SG2D, in stored order or reversed, appended to `out` as lon, lat pairs. */
function pushEdgeVertices(ctx: GeometryContext, e: VectorRecord, reverse: boolean, out: FlatLine): void {
  const c = e.coords;
  const d = e.dim;
  const n = Math.floor(c.length / d);
  if (reverse) for (let i = n - 1; i >= 0; i--) out.push(c[i * d]! / ctx.comf, c[i * d + 1]! / ctx.comf);
  else for (let i = 0; i < n; i++) out.push(c[i * d]! / ctx.comf, c[i * d + 1]! / ctx.comf);
}

function node2d(ctx: GeometryContext, rcid: number | undefined): Position | null {
  if (rcid === undefined) return null;
  const p = firstPoint(ctx, ctx.vc.get(rcid));
  return p ? [p[0]!, p[1]!] : null;
}

function lineGeometry(ctx: GeometryContext, f: FeatureRecord): FlatGeometry | null {
  const parts: FlatLine[] = [];
  let line: FlatLine = [];
  let lastX = 0;
  let lastY = 0;
  for (const ptr of f.spatialPointers) {
    const e = ctx.ve.get(ptr.rcid);
    if (!e || e.pointers.length < 2) continue;
    const reverse = ptr.ornt === 2;
    const firstNode = e.pointers[0]?.rcid;
    const lastNode = e.pointers[1]?.rcid;
    const start = node2d(ctx, reverse ? lastNode : firstNode);
    if (!start) continue;
    if (line.length === 0) line.push(start[0]!, start[1]!);
    else if (Math.abs(lastX - start[0]!) > 1e-8 || Math.abs(lastY - start[1]!) > 1e-8) {
      parts.push(line);
      line = [start[0]!, start[1]!];
    }
    pushEdgeVertices(ctx, e, reverse, line);
    lastX = line[line.length - 2]!;
    lastY = line[line.length - 1]!;
    const end = node2d(ctx, reverse ? firstNode : lastNode);
    if (!end) continue;
    line.push(end[0]!, end[1]!);
    lastX = end[0]!;
    lastY = end[1]!;
  }
  if (parts.length > 0) {
    parts.push(line);
    return { type: 'MultiLineString', coordinates: parts };
  }
  return line.length >= 4 ? { type: 'LineString', coordinates: line } : null;
}

function areaGeometry(ctx: GeometryContext, f: FeatureRecord): FlatGeometry | null {
  const edges: Edge[] = [];
  for (const ptr of f.spatialPointers) {
    const e = ctx.ve.get(ptr.rcid);
    if (!e) continue;
    const pts: FlatLine = [];
    const s = node2d(ctx, e.pointers[0]?.rcid);
    if (s) pts.push(s[0]!, s[1]!);
    pushEdgeVertices(ctx, e, false, pts);
    const t = node2d(ctx, e.pointers[1]?.rcid);
    if (t) pts.push(t[0]!, t[1]!);
    edges.push({ points: pts, usage: ptr.usag });
  }
  // Like GDAL, rings that cannot be closed are kept as they are (best effort).
  const { rings } = buildRings(edges);
  if (rings.length === 0) return null;
  const exteriors = rings.filter((r) => r.usage !== 2);
  if (exteriors.length > 1 && exteriors.length < rings.length + 1) {
    // Several exterior rings (USAG 1/3): a MultiPolygon, each interior ring in the exterior holding it.
    const polys: FlatLine[][] = exteriors.map((r) => [orient(r.points, true)]);
    for (const r of rings) {
      if (r.usage !== 2) continue;
      const host = polys.find((p) => pointInRing(r.points[0]!, r.points[1]!, p[0]!)) ?? polys[0]!;
      host.push(orient(r.points, false));
    }
    return { type: 'MultiPolygon', coordinates: polys };
  }
  // One polygon: the ring with the largest envelope is the exterior (as GDAL does), the others holes.
  let best = -1;
  let bestArea = 0;
  rings.forEach((r, i) => {
    const a = envelopeArea(r.points);
    if (a > bestArea) {
      bestArea = a;
      best = i;
    }
  });
  if (best === -1) return null;
  const coords = [orient(rings[best]!.points, true)];
  rings.forEach((r, i) => {
    if (i !== best) coords.push(orient(r.points, false));
  });
  return { type: 'Polygon', coordinates: coords };
}

/**
 * The geometry of a feature record with its lines and rings flat (see FlatGeometry), or null when
 * it has none (PRIM 255, missing spatial records).
 */
export function flatFeatureGeometry(ctx: GeometryContext, f: FeatureRecord): FlatGeometry | null {
  switch (f.prim) {
    case 1:
      return pointGeometry(ctx, f);
    case 2:
      return lineGeometry(ctx, f);
    case 3:
      return areaGeometry(ctx, f);
    default:
      return null;
  }
}

/** A flat line as GeoJSON positions. */
function positions(line: FlatLine): Position[] {
  const out: Position[] = new Array<Position>(line.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = [line[2 * i]!, line[2 * i + 1]!];
  return out;
}

/** The GeoJSON geometry of a flat one. */
export function geoJSONGeometry(g: FlatGeometry): Geometry {
  switch (g.type) {
    case 'Point':
    case 'MultiPoint':
      return g;
    case 'LineString':
      return { type: 'LineString', coordinates: positions(g.coordinates) };
    case 'MultiLineString':
    case 'Polygon':
      return { type: g.type, coordinates: g.coordinates.map(positions) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(positions)) };
  }
}

/** GeoJSON geometry of a feature record, or null when it has none (PRIM 255, missing spatial records). */
export function featureGeometry(ctx: GeometryContext, f: FeatureRecord): Geometry | null {
  const g = flatFeatureGeometry(ctx, f);
  return g && geoJSONGeometry(g);
}
