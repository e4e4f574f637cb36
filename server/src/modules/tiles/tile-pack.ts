import type { FlatFeature } from '@chartroom/s57';
import { coverageOnlyBelowZoom } from '@chartroom/contracts/map';
import { VT_OPTIONS } from './cell-tile-index.js';
import { vtClip, vtCreateTile, vtTransformTile, type VtFeature } from './geojson-vt.js';
import { cleanTileFeature } from './tile-clean.js';
import { isDrawnAtTileZoom } from './vector-tile.js';
import { toVtFeature, type VtLine, type VtSourceFeature } from './vt-convert.js';

// A cell's tile pack (decisions 0031, 0033): the cell cut down the quadtree once, as geojson-vt's
// `splitTile` cuts it (the same clip, bounds and order), so that a tile needs neither the cell nor
// its 160 MB index: every tile from `coverageOnlyBelowZoom` to the bucket zoom (12, shallower for an
// overview cell) made ahead as the map draws it and made valid; and the features as they are
// clipped to each tile of the bucket zoom, in geojson-vt's internal form (the unit square, each
// vertex with its Douglas-Peucker importance), with the box of each and where it lies in the file,
// so a deeper tile reads only its bucket's records near it (ranges of the stored blob) and goes on
// cutting from there: the same tile the whole index gives.
//
// Written here, read by tile-pack-reader.ts. Layout (little-endian; every section starts at a
// multiple of 8):
//   0   "CRTPACK1"
//   8   u32 length of the header (JSON: format, count, metaOffset, metaBytes, bytes, bucketZoom,
//       buckets [x, y, first record, end record per bucket], tiles [z, x, y, offset, length per tile
//       made ahead], tilesOffset)
//   12  the header
//   meta: count × 4 float64 boxes (minX, minY, maxX, maxY), count + 1 float64 record offsets,
//         count float64 minzooms (-1: none), count u32 ordinals (the feature's place in the cell's order)
//   records, bucket by bucket, each bucket's in the cell's order:
//     u32 type, u32 tag bytes, u32 structure length, the structure (u32 each: vertices per line,
//     lines per polygon), the tags as JSON, then per line its size (float64), every vertex's x and
//     y (float64), and its importance as the first zoom it is drawn at (u8).
//   tiles made ahead (`encodeMadeTile`), each from a multiple of 8.

export const MAGIC = 'CRTPACK1';
/** Bump when the layout or the features' form changes: packs of another format are made again. */
export const PACK_FORMAT = 2;

/** The deepest zoom a cell's records are cut to, and its tiles made ahead (`bucketZoomOf`). */
export const BUCKET_ZOOM = 12;

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

/** Most tiles a cell has at its bucket zoom (`bucketZoomOf`): what bounds the tiles made ahead. */
const MAX_BUCKETS = 1024;

/**
 * The zoom a cell's records are cut to and its tiles made ahead down to: 12, or shallower for a
 * cell so large that it would span more than `MAX_BUCKETS` tiles there (an overview cell).
 */
export function bucketZoomOf(box: [number, number, number, number]): number {
  for (let z = BUCKET_ZOOM; z > 0; z--) {
    const n = 2 ** z;
    const tiles = (Math.floor(box[2] * n) - Math.floor(box[0] * n) + 1) * (Math.floor(box[3] * n) - Math.floor(box[1] * n) + 1);
    if (tiles <= MAX_BUCKETS) return z;
  }
  return 0;
}

/**
 * A tile made ahead: its features drawn at its zoom, in tile units and already valid
 * (`cleanTileFeature`). Layout: u32 length of a JSON list of [type, tags, counts] per feature
 * (counts: points, or vertices per line or ring), padded to 4, then every vertex's x and y (i32).
 */
function encodeMadeTile(features: VtFeature[], tagsJson: Map<unknown, string>): Uint8Array {
  // The list's JSON written piece by piece, as JSON.stringify writes it whole: a feature's tags
  // (one object, shared by its every tile) are written once per cell.
  const list: string[] = [];
  let vertices = 0;
  for (const f of features) {
    let tags = tagsJson.get(f.tags);
    if (tags === undefined) {
      tags = JSON.stringify(f.tags) ?? 'null';
      tagsJson.set(f.tags, tags);
    }
    if (f.type === 1) {
      const points = f.geometry as [number, number][];
      list.push(`[1,${tags},[${points.length}]]`);
      vertices += points.length;
    } else {
      const lines = f.geometry as [number, number][][];
      let counts = '';
      for (const l of lines) {
        counts += counts ? `,${l.length}` : `${l.length}`;
        vertices += l.length;
      }
      list.push(`[${f.type},${tags},[${counts}]]`);
    }
  }
  const json = Buffer.from(`[${list.join(',')}]`, 'utf8');
  const head = (4 + json.length + 3) & ~3;
  const out = new Uint8Array(head + vertices * 8);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 4);
  const coords = new Int32Array(out.buffer, head, vertices * 2);
  let at = 0;
  for (const f of features) {
    const lines = (f.type === 1 ? [f.geometry] : f.geometry) as [number, number][][];
    for (const l of lines) {
      for (const p of l) {
        coords[at++] = p[0];
        coords[at++] = p[1];
      }
    }
  }
  return out;
}

/** What the cut of a cell gives: its records cut to the bucket zoom, and its tiles made ahead. */
interface Cut {
  records: { box: [number, number, number, number]; minzoom: number; ordinal: number; bytes: Uint8Array }[];
  /** x, y, first record, end record per bucket. */
  buckets: number[];
  /** z, x, y, and the made tile's bytes. */
  tiles: { z: number; x: number; y: number; bytes: Uint8Array }[];
}

/**
 * Cuts the features down to the bucket zoom as geojson-vt's `splitTile` does (the same clip, the
 * same bounds, the same order: tile-pack-reader.ts's `cutTile` goes on from there), making on the
 * way every tile from `coverageOnlyBelowZoom` to the bucket zoom as the map draws it.
 */
function cutCell(features: VtSourceFeature[], bucketZoom: number): Cut {
  const cut: Cut = { records: [], buckets: [], tiles: [] };
  const { k1, k2, k3, k4 } = clipBounds();
  const tagsJson = new Map<unknown, string>();
  const visit = (current: VtSourceFeature[], z: number, x: number, y: number) => {
    if (z >= coverageOnlyBelowZoom) {
      const drawn = current.filter((f) => isDrawnAtTileZoom(f.tags, z));
      if (drawn.length > 0) {
        const made: VtFeature[] = [];
        for (const f of vtTransformTile(vtCreateTile(drawn, z, x, y, VT_OPTIONS), VT_OPTIONS.extent).features) {
          delete f.id;
          const clean = cleanTileFeature(f);
          if (clean) made.push(clean);
        }
        if (made.length > 0) cut.tiles.push({ z, x, y, bytes: encodeMadeTile(made, tagsJson) });
      }
    }
    if (z === bucketZoom) {
      const first = cut.records.length;
      // Only what the table needs is kept: the clipped geometry is garbage once encoded.
      for (const f of current) {
        const minzoom = f.tags.minzoom;
        cut.records.push({
          box: [f.minX, f.minY, f.maxX, f.maxY],
          minzoom: typeof minzoom === 'number' ? minzoom : -1,
          ordinal: f.id as unknown as number,
          bytes: encodeRecord(f),
        });
      }
      cut.buckets.push(x, y, first, cut.records.length);
      return;
    }
    const scale = 1 << z;
    for (const right of [0, 1]) {
      const column = vtClip(current, scale, right ? x + k2 : x - k1, right ? x + k4 : x + k3, 0, -Infinity, Infinity, VT_OPTIONS);
      if (!column || column.length === 0) continue;
      for (const below of [0, 1]) {
        const part = vtClip(column, scale, below ? y + k2 : y - k1, below ? y + k4 : y + k3, 1, -Infinity, Infinity, VT_OPTIONS);
        if (part && part.length > 0) visit(part as VtSourceFeature[], z + 1, 2 * x + right, 2 * y + below);
      }
    }
  };
  visit(features, 0, 0, 0);
  return cut;
}

/** geojson-vt's `splitTile` bounds of a tile's quarters (in tiles of the parent's zoom), buffer included. */
export function clipBounds() {
  const k1 = (0.5 * VT_OPTIONS.buffer) / VT_OPTIONS.extent;
  return { k1, k2: 0.5 - k1, k3: 0.5 + k1, k4: 1 + k1 };
}

/**
 * The pack of a cell's features (as `tileFeaturesNear` or `s101TileFeatures` give them), or null
 * when one comes within a tile's buffer of the antimeridian: geojson-vt copies such features to
 * the other side of the world, and those cells are cut on demand as before.
 */
export function encodeTilePack(features: Iterable<FlatFeature>): Uint8Array | null {
  const margin = VT_OPTIONS.buffer / VT_OPTIONS.extent;
  const converted: VtSourceFeature[] = [];
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of features) {
    const vt = toVtFeature(f, VT_OPTIONS);
    if (!vt) continue;
    if (!(vt.minX >= margin && vt.maxX < 1 - margin)) return null;
    // Its place in the cell's order travels through the clip as its id.
    (vt as { id: unknown }).id = converted.length;
    converted.push(vt);
    box[0] = Math.min(box[0], vt.minX);
    box[1] = Math.min(box[1], vt.minY);
    box[2] = Math.max(box[2], vt.maxX);
    box[3] = Math.max(box[3], vt.maxY);
  }
  const bucketZoom = converted.length > 0 ? bucketZoomOf(box) : BUCKET_ZOOM;
  const { records, buckets, tiles } = cutCell(converted, bucketZoom);
  const count = records.length;
  const metaBytes = count * 40 + (count + 1) * 8 + pad8(count * 4);
  const recordsBytes = records.reduce((n, r) => n + r.bytes.length, 0);
  const tileTable: number[] = [];
  let tilesBytes = 0;
  for (const t of tiles) {
    tileTable.push(t.z, t.x, t.y, tilesBytes, t.bytes.length);
    tilesBytes += pad8(t.bytes.length);
  }
  let header = '';
  let metaOffset = 0;
  // The header names the meta's offset, which follows the header: settle both (at most twice).
  for (let guess = 64; ;) {
    const bytes = guess + metaBytes + recordsBytes + tilesBytes;
    header = JSON.stringify({
      format: PACK_FORMAT,
      count,
      metaOffset: guess,
      metaBytes,
      bytes,
      bucketZoom,
      buckets,
      tiles: tileTable,
      tilesOffset: guess + metaBytes + recordsBytes,
    });
    const needed = pad8(12 + Buffer.byteLength(header));
    if (needed <= guess) {
      metaOffset = guess;
      break;
    }
    guess = needed;
  }
  const recordsStart = metaOffset + metaBytes;
  const total = recordsStart + recordsBytes + tilesBytes;
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
  records.forEach(({ box, minzoom, ordinal, bytes }, k) => {
    boxes.set(box, k * 4);
    offsets[k] = at;
    minzooms[k] = minzoom;
    ordinals[k] = ordinal;
    out.set(bytes, at);
    at += bytes.length;
  });
  offsets[count] = at;
  for (const t of tiles) {
    out.set(t.bytes, at);
    at += pad8(t.bytes.length);
  }
  return out;
}
