import type { FlatFeature, FlatGeometry, FlatLine } from '@chartroom/s57';

// The tile index's own form of a feature, made straight from the reader's flat lines and rings one
// feature at a time, as geojson-vt 4 makes it from GeoJSON in its `convert` step: positions projected to the unit square
// (Web Mercator), three numbers per vertex (x, y, and the vertex's importance from Douglas-Peucker
// at the index's deepest zoom), the ring's area or the line's length as `size`, and the feature's
// box. The values are computed with the same operations in the same order, so geojson-vt cuts the
// same tiles from them (vt-convert.test.ts holds this against geojson-vt's own conversion).
//
// Why not let geojson-vt convert: it needs the whole collection as GeoJSON first (an array for every
// position), and keeps each vertex as three boxed numbers. Here no GeoJSON is made, and a long ring
// is one Float64Array (24 bytes a vertex, outside the JavaScript heap).

/** A ring or line: x, y, importance per vertex, with geojson-vt's `size`, `start` and `end`. */
export type VtLine = (Float64Array | number[]) & { size: number; start: number; end: number };

/** A feature in geojson-vt 4's internal form (what its `splitTile` takes). */
export interface VtSourceFeature {
  id: null;
  type: FlatGeometry['type'];
  geometry: number[] | Float64Array | VtLine[] | VtLine[][];
  tags: FlatFeature['properties'];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Rings of at least this many vertices are kept in a Float64Array; shorter ones in a plain array. */
const TYPED_FROM_VERTICES = 32;

function projectX(lon: number): number {
  return lon / 360 + 0.5;
}

function projectY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

/** Square distance from p to the segment a–b. */
function sqSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  let x = ax;
  let y = ay;
  let dx = bx - x;
  let dy = by - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = bx;
      y = by;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}

/**
 * Douglas-Peucker importance of the vertices strictly between `first` and `last` (indexes of x):
 * the vertex farthest from the chord gets its square distance, then each side in turn; of equally
 * far vertices, the one nearest the middle. Iterative (an explicit stack), visiting in the order
 * the recursive form would, so the values are the same.
 */
function markImportance(c: Float64Array | number[], first: number, last: number, sqTolerance: number): void {
  const stack = [first, last];
  while (stack.length > 0) {
    const b = stack.pop()!;
    const a = stack.pop()!;
    let maxSqDist = sqTolerance;
    const mid = a + ((b - a) >> 1);
    let minPosToMid = b - a;
    let index = -1;
    const ax = c[a]!;
    const ay = c[a + 1]!;
    const bx = c[b]!;
    const by = c[b + 1]!;
    for (let i = a + 3; i < b; i += 3) {
      const d = sqSegmentDistance(c[i]!, c[i + 1]!, ax, ay, bx, by);
      if (d > maxSqDist) {
        index = i;
        maxSqDist = d;
      } else if (d === maxSqDist) {
        const posToMid = Math.abs(i - mid);
        if (posToMid < minPosToMid) {
          index = i;
          minPosToMid = posToMid;
        }
      }
    }
    if (maxSqDist > sqTolerance) {
      c[index + 2] = maxSqDist;
      // The right side is pushed first, so the left one is taken first, as recursion would.
      if (b - index > 3) stack.push(index, b);
      if (index - a > 3) stack.push(a, index);
    }
  }
}

function convertLine(ring: FlatLine, sqTolerance: number, isPolygon: boolean): VtLine {
  const n = ring.length >> 1;
  const out = (n >= TYPED_FROM_VERTICES ? new Float64Array(n * 3) : new Array<number>(n * 3).fill(0)) as VtLine;
  let size = 0;
  let x0 = 0;
  let y0 = 0;
  for (let j = 0; j < n; j++) {
    const x = projectX(ring[2 * j]!);
    const y = projectY(ring[2 * j + 1]!);
    out[j * 3] = x;
    out[j * 3 + 1] = y;
    if (j > 0) {
      if (isPolygon) size += (x0 * y - x * y0) / 2;
      else size += Math.sqrt(Math.pow(x - x0, 2) + Math.pow(y - y0, 2));
    }
    x0 = x;
    y0 = y;
  }
  const last = out.length - 3;
  out[2] = 1;
  markImportance(out, 0, last, sqTolerance);
  out[last + 2] = 1;
  out.size = Math.abs(size);
  out.start = 0;
  out.end = out.size;
  return out;
}

function convertLines(rings: FlatLine[], sqTolerance: number, isPolygon: boolean): VtLine[] {
  return rings.map((r) => convertLine(r, sqTolerance, isPolygon));
}

function extendBox(f: VtSourceFeature, line: ArrayLike<number>): void {
  for (let i = 0; i < line.length; i += 3) {
    f.minX = Math.min(f.minX, line[i]!);
    f.minY = Math.min(f.minY, line[i + 1]!);
    f.maxX = Math.max(f.maxX, line[i]!);
    f.maxY = Math.max(f.maxY, line[i + 1]!);
  }
}

/**
 * One feature in geojson-vt's internal form, for an index of `maxZoom` and `extent` with
 * simplification `tolerance` (as given to geojson-vt): what geojson-vt makes of the feature's GeoJSON
 * (`geoJSONGeometry`); null when it has no geometry or no positions.
 */
export function toVtFeature(
  f: FlatFeature & { id?: string | number },
  opts: { tolerance: number; maxZoom: number; extent: number },
): VtSourceFeature | null {
  const g = f.geometry;
  if (!g || g.coordinates.length === 0) return null;
  const sqTolerance = Math.pow(opts.tolerance / ((1 << opts.maxZoom) * opts.extent), 2);
  let geometry: VtSourceFeature['geometry'];
  switch (g.type) {
    case 'Point':
      geometry = [projectX(g.coordinates[0]!), projectY(g.coordinates[1]!), 0];
      break;
    case 'MultiPoint':
      geometry = g.coordinates.flatMap((p) => [projectX(p[0]!), projectY(p[1]!), 0]);
      break;
    case 'LineString':
      geometry = convertLine(g.coordinates, sqTolerance, false);
      break;
    case 'MultiLineString':
      geometry = convertLines(g.coordinates, sqTolerance, false);
      break;
    case 'Polygon':
      geometry = convertLines(g.coordinates, sqTolerance, true);
      break;
    case 'MultiPolygon':
      geometry = g.coordinates.map((polygon) => convertLines(polygon, sqTolerance, true));
      break;
    default:
      throw new Error(`geometry type ${(g as { type: string }).type} is not drawn in tiles`);
  }
  const out: VtSourceFeature = {
    id: null,
    type: g.type,
    geometry,
    tags: f.properties,
    minX: Infinity,
    minY: Infinity,
    maxX: -Infinity,
    maxY: -Infinity,
  };
  if (g.type === 'Point' || g.type === 'MultiPoint' || g.type === 'LineString') extendBox(out, geometry as ArrayLike<number>);
  else if (g.type === 'Polygon') extendBox(out, (geometry as VtLine[])[0]!);
  else if (g.type === 'MultiLineString') for (const line of geometry as VtLine[]) extendBox(out, line);
  else for (const polygon of geometry as VtLine[][]) extendBox(out, polygon[0]!);
  return out;
}
