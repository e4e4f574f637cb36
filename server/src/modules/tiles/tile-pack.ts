import type { FlatFeature } from '@chartroom/s57';
import { VT_OPTIONS } from './cell-tile-index.js';
import { toVtFeature, type VtLine, type VtSourceFeature } from './vt-convert.js';

// A cell's tile pack (decision 0031): its features in geojson-vt's internal form (projected to the
// unit square, with each vertex's Douglas-Peucker importance), the box of each, and where each
// lies in the file, so a tile reads only the features that touch it (ranges of the stored blob)
// and cuts them with geojson-vt's own `splitTile`: the same tile the whole index gave (geojson-vt
// cuts every feature on its own), without reading the cell or holding its 160 MB index.
//
// Written here, read by tile-pack-reader.ts. Layout (little-endian; every section starts at a
// multiple of 8):
//   0   "CRTPACK1"
//   8   u32 length of the header (JSON: format, count, metaOffset, metaBytes, bytes)
//   12  the header
//   meta: count × 4 float64 boxes (minX, minY, maxX, maxY), count + 1 float64 record offsets,
//         count float64 minzooms (-1: none), count u32 ordinals (the feature's place in the cell's order)
//   records, in Hilbert order of their boxes' centres (a tile's features lie close together):
//     u32 type, u32 tag bytes, u32 structure length, the structure (u32 each: vertices per line,
//     lines per polygon), the tags as JSON, then per line its size (float64), every vertex's x and
//     y (float64), and its importance as the first zoom it is drawn at (u8).

export const MAGIC = 'CRTPACK1';
/** Bump when the layout or the features' form changes: packs of another format are made again. */
export const PACK_FORMAT = 1;

export const TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
type GeometryType = (typeof TYPES)[number];

/** The blob a cell version's pack is kept under (a new edition or update is a new key). */
export function packKeyOf(cell: { key: string }): string {
  return `tiles/packs/v${PACK_FORMAT}/${cell.key.replace(/[^A-Za-z0-9_-]/g, '-')}.pack`;
}

// Importance. geojson-vt compares a vertex's importance only with the square tolerance of the zoom
// it cuts (none at its deepest zoom, where every vertex is kept), so the first zoom at which a
// vertex is kept says everything about it: stored as one byte, read back as a value on the same
// side of every zoom's tolerance.
export const MAX_ZOOM = VT_OPTIONS.maxZoom;
const sqTolerances = Array.from({ length: MAX_ZOOM }, (_, z) => {
  const t = VT_OPTIONS.tolerance / ((1 << z) * VT_OPTIONS.extent);
  return t * t;
});
export const levelValues = [1, ...sqTolerances.slice(1).map((t) => t * 2), 0];

function levelOf(importance: number): number {
  for (let z = 0; z < MAX_ZOOM; z++) if (importance > sqTolerances[z]!) return z;
  return MAX_ZOOM;
}

/** Position of a point on the Hilbert curve of a 65,536 × 65,536 grid (x, y in 0..1). */
function hilbert(fx: number, fy: number): number {
  const n = 1 << 16;
  let x = Math.min(n - 1, Math.max(0, Math.floor(fx * n)));
  let y = Math.min(n - 1, Math.max(0, Math.floor(fy * n)));
  let d = 0;
  for (let s = n >> 1; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}

export const pad8 = (n: number) => (n + 7) & ~7;

/** The lines of a feature's geometry, in order (none for points), and its structure. */
function linesOf(f: VtSourceFeature): { lines: VtLine[]; structure: number[] } {
  const g = f.geometry;
  switch (f.type) {
    case 'Point':
      return { lines: [], structure: [] };
    case 'MultiPoint':
      return { lines: [], structure: [(g as number[]).length / 3] };
    case 'LineString':
      return { lines: [g as VtLine], structure: [(g as VtLine).length / 3] };
    case 'MultiLineString':
    case 'Polygon': {
      const lines = g as VtLine[];
      return { lines, structure: [lines.length, ...lines.map((l) => l.length / 3)] };
    }
    default: {
      const polys = g as VtLine[][];
      const structure = [polys.length];
      for (const p of polys) structure.push(p.length, ...p.map((l) => l.length / 3));
      return { lines: polys.flat(), structure };
    }
  }
}

function encodeRecord(f: VtSourceFeature): Uint8Array {
  const { lines, structure } = linesOf(f);
  const tags = Buffer.from(JSON.stringify(f.tags), 'utf8');
  const points = f.type === 'Point' || f.type === 'MultiPoint' ? (f.geometry as number[]) : null;
  const vertices = points ? points.length / 3 : lines.reduce((n, l) => n + l.length / 3, 0);
  const head = 12 + structure.length * 4;
  const tagsEnd = pad8(head + tags.length);
  const sizesEnd = tagsEnd + lines.length * 8;
  const coordsEnd = sizesEnd + vertices * 16;
  const total = pad8(coordsEnd + (points ? 0 : vertices));
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, TYPES.indexOf(f.type as GeometryType), true);
  view.setUint32(4, tags.length, true);
  view.setUint32(8, structure.length, true);
  structure.forEach((v, i) => view.setUint32(12 + i * 4, v, true));
  out.set(tags, head);
  const sizes = new Float64Array(out.buffer, tagsEnd, lines.length);
  const coords = new Float64Array(out.buffer, sizesEnd, vertices * 2);
  if (points) {
    for (let i = 0; i < vertices; i++) {
      coords[2 * i] = points[3 * i]!;
      coords[2 * i + 1] = points[3 * i + 1]!;
    }
    return out;
  }
  let v = 0;
  lines.forEach((l, i) => {
    sizes[i] = l.size;
    for (let j = 0; j < l.length; j += 3, v++) {
      coords[2 * v] = l[j]!;
      coords[2 * v + 1] = l[j + 1]!;
      out[coordsEnd + v] = levelOf(l[j + 2]!);
    }
  });
  return out;
}

/**
 * The pack of a cell's features (as `tileFeaturesNear` or `s101TileFeatures` give them), or null
 * when one comes within a tile's buffer of the antimeridian: geojson-vt copies such features to
 * the other side of the world, and those cells are cut on demand as before.
 */
export function encodeTilePack(features: Iterable<FlatFeature>): Uint8Array | null {
  const margin = VT_OPTIONS.buffer / VT_OPTIONS.extent;
  const converted: VtSourceFeature[] = [];
  for (const f of features) {
    const vt = toVtFeature(f, VT_OPTIONS);
    if (!vt) continue;
    if (!(vt.minX >= margin && vt.maxX < 1 - margin)) return null;
    converted.push(vt);
  }
  const count = converted.length;
  const order = converted
    .map((f, i) => ({ i, h: hilbert((f.minX + f.maxX) / 2, (f.minY + f.maxY) / 2) }))
    .sort((a, b) => a.h - b.h || a.i - b.i)
    .map((e) => e.i);
  const records = order.map((i) => encodeRecord(converted[i]!));
  const metaBytes = count * 40 + (count + 1) * 8 + pad8(count * 4);
  let header = '';
  let metaOffset = 0;
  // The header names the meta's offset, which follows the header: settle both (at most twice).
  for (let guess = 64; ;) {
    const recordsStart = guess + metaBytes;
    const bytes = recordsStart + records.reduce((n, r) => n + r.length, 0);
    header = JSON.stringify({ format: PACK_FORMAT, count, metaOffset: guess, metaBytes, bytes });
    const needed = pad8(12 + Buffer.byteLength(header));
    if (needed <= guess) {
      metaOffset = guess;
      break;
    }
    guess = needed;
  }
  const recordsStart = metaOffset + metaBytes;
  const total = recordsStart + records.reduce((n, r) => n + r.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(Buffer.from(MAGIC, 'latin1'), 0);
  const headerBytes = Buffer.from(header, 'utf8');
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  const boxes = new Float64Array(out.buffer, metaOffset, count * 4);
  const offsets = new Float64Array(out.buffer, metaOffset + count * 32, count + 1);
  const minzooms = new Float64Array(out.buffer, metaOffset + count * 32 + (count + 1) * 8, count);
  const ordinals = new Uint32Array(out.buffer, metaOffset + count * 40 + (count + 1) * 8, count);
  let at = recordsStart;
  order.forEach((src, k) => {
    const f = converted[src]!;
    boxes.set([f.minX, f.minY, f.maxX, f.maxY], k * 4);
    offsets[k] = at;
    const minzoom = f.tags.minzoom;
    minzooms[k] = typeof minzoom === 'number' ? minzoom : -1;
    ordinals[k] = src;
    out.set(records[k]!, at);
    at += records[k]!.length;
  });
  offsets[count] = at;
  return out;
}
