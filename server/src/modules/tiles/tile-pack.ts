import { vtClip, vtCreateTile, vtTransformTile, type VtFeature } from './geojson-vt.js';
import type { FlatFeature } from '@chartroom/s57';
import { VT_OPTIONS } from './cell-tile-index.js';
import { toVtFeature, type VtLine, type VtSourceFeature } from './vt-convert.js';

// A cell's tile pack (decision 0031): its features in geojson-vt's internal form (projected to the
// unit square, with each vertex's Douglas-Peucker importance), the box of each, and where each
// lies in the file, so a tile reads only the features that touch it (ranges of the stored blob)
// and cuts them with geojson-vt's own `splitTile`: the same tile the whole index gave (geojson-vt
// cuts every feature on its own), without reading the cell or holding its 160 MB index.
//
// Layout (little-endian; every section starts at a multiple of 8):
//   0   "CRTPACK1"
//   8   u32 length of the header (JSON: format, count, metaOffset, metaBytes, bytes)
//   12  the header
//   meta: count × 4 float64 boxes (minX, minY, maxX, maxY), count + 1 float64 record offsets,
//         count float64 minzooms (-1: none), count u32 ordinals (the feature's place in the cell's order)
//   records, in Hilbert order of their boxes' centres (a tile's features lie close together):
//     u32 type, u32 tag bytes, u32 structure length, the structure (u32 each: vertices per line,
//     lines per polygon), the tags as JSON, then per line its size (float64), every vertex's x and
//     y (float64), and its importance as the first zoom it is drawn at (u8).

const MAGIC = 'CRTPACK1';
/** Bump when the layout or the features' form changes: packs of another format are made again. */
export const PACK_FORMAT = 1;

const TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
type GeometryType = (typeof TYPES)[number];

/** The blob a cell version's pack is kept under (a new edition or update is a new key). */
export function packKeyOf(cell: { key: string }): string {
  return `tiles/packs/v${PACK_FORMAT}/${cell.key.replace(/[^A-Za-z0-9_-]/g, '-')}.pack`;
}

// Importance. geojson-vt compares a vertex's importance only with the square tolerance of the zoom
// it cuts (none at its deepest zoom, where every vertex is kept), so the first zoom at which a
// vertex is kept says everything about it: stored as one byte, read back as a value on the same
// side of every zoom's tolerance.
const MAX_ZOOM = VT_OPTIONS.maxZoom;
const sqTolerances = Array.from({ length: MAX_ZOOM }, (_, z) => {
  const t = VT_OPTIONS.tolerance / ((1 << z) * VT_OPTIONS.extent);
  return t * t;
});
const levelValues = [1, ...sqTolerances.slice(1).map((t) => t * 2), 0];

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

const pad8 = (n: number) => (n + 7) & ~7;

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

/**
 * The vertices a tile of zoom z reads: those drawn down to two zooms deeper (a vertex drawn at no
 * zoom up to z is dropped by `createTile` anyway). Leaving the others out before the cut changes
 * only where a line crosses the edge of the tile's buffer, by less than a quarter of the
 * simplification tolerance (3 units at zoom z + 2: 0.75 units), outside the tile: what is drawn is
 * the same (tile-pack.test.ts), and a low-zoom tile reads, clips and simplifies a fraction of the
 * cell's vertices. From zoom 16 every vertex is read.
 */
export function detailFor(z: number): number {
  return Math.min(MAX_ZOOM, z + 2);
}

/** Reads `length` bytes of the pack from `start` (a blob's range, or a pack held in memory). */
export type PackRead = (start: number, length: number) => Promise<Uint8Array>;

/** Records closer than this are read in one range. */
const MERGE_GAP = 32 * 1024;

function decodeRecord(buf: ArrayBuffer, at: number, detail: number): VtSourceFeature {
  const view = new DataView(buf, at);
  const type = TYPES[view.getUint32(0, true)]!;
  const tagBytes = view.getUint32(4, true);
  const structureLength = view.getUint32(8, true);
  const structure = new Uint32Array(buf.slice(at + 12, at + 12 + structureLength * 4));
  const head = 12 + structureLength * 4;
  const tags = JSON.parse(Buffer.from(buf, at + head, tagBytes).toString('utf8')) as VtSourceFeature['tags'];
  const tagsEnd = at + pad8(head + tagBytes);
  const f: VtSourceFeature = { id: null, type, geometry: [], tags, minX: 0, minY: 0, maxX: 0, maxY: 0 };
  if (type === 'Point' || type === 'MultiPoint') {
    const n = type === 'Point' ? 1 : structure[0]!;
    const coords = new Float64Array(buf, tagsEnd, n * 2);
    const g: number[] = new Array<number>(n * 3);
    for (let i = 0; i < n; i++) {
      g[3 * i] = coords[2 * i]!;
      g[3 * i + 1] = coords[2 * i + 1]!;
      g[3 * i + 2] = 0;
    }
    f.geometry = g;
    return f;
  }
  // Vertices per line, in order, and how lines group into polygons.
  let counts: number[];
  let groups: number[] | null = null;
  if (type === 'LineString') counts = [structure[0]!];
  else if (type === 'MultiLineString' || type === 'Polygon') counts = [...structure.subarray(1, 1 + structure[0]!)];
  else {
    counts = [];
    groups = [];
    let k = 1;
    for (let p = 0; p < structure[0]!; p++) {
      const rings = structure[k++]!;
      groups.push(rings);
      for (let r = 0; r < rings; r++) counts.push(structure[k++]!);
    }
  }
  const vertices = counts.reduce((a, b) => a + b, 0);
  const sizes = new Float64Array(buf, tagsEnd, counts.length);
  const coordsAt = tagsEnd + counts.length * 8;
  const coords = new Float64Array(buf, coordsAt, vertices * 2);
  const levels = new Uint8Array(buf, coordsAt + vertices * 16, vertices);
  let v = 0;
  const lines = counts.map((n, i) => {
    let kept = n;
    if (detail < MAX_ZOOM) {
      kept = 0;
      for (let j = v; j < v + n; j++) if (levels[j]! <= detail) kept++;
    }
    // As vt-convert makes them: long lines in a Float64Array, short ones in a plain array.
    const line = (kept >= 32 ? new Float64Array(kept * 3) : new Array<number>(kept * 3)) as VtLine;
    for (let j = 0, k = 0; j < n; j++, v++) {
      if (levels[v]! > detail) continue;
      line[3 * k] = coords[2 * v]!;
      line[3 * k + 1] = coords[2 * v + 1]!;
      line[3 * k + 2] = levelValues[levels[v]!]!;
      k++;
    }
    line.size = sizes[i]!;
    line.start = 0;
    line.end = line.size;
    return line;
  });
  if (type === 'LineString') f.geometry = lines[0]!;
  else if (!groups) f.geometry = lines;
  else {
    const polys: VtLine[][] = [];
    let k = 0;
    for (const rings of groups) {
      polys.push(lines.slice(k, k + rings));
      k += rings;
    }
    f.geometry = polys;
  }
  return f;
}

/** A tile pack opened for reading: its meta in memory, its records read per tile. */
export class TilePack {
  private constructor(
    private readonly read: PackRead,
    private readonly boxes: Float64Array,
    private readonly offsets: Float64Array,
    private readonly minzooms: Float64Array,
    private readonly ordinals: Uint32Array,
    /** Bytes of the whole pack. */
    readonly bytes: number,
  ) {}

  /** Opens a pack; null when the bytes are not a pack of this format (made again then). */
  static async open(read: PackRead): Promise<TilePack | null> {
    const first = await read(0, 4096);
    if (first.length < 12 || Buffer.from(first.subarray(0, 8)).toString('latin1') !== MAGIC) return null;
    const headerLength = new DataView(first.buffer, first.byteOffset, first.byteLength).getUint32(8, true);
    const headBytes = 12 + headerLength <= first.length ? first : await read(0, 12 + headerLength);
    const header = JSON.parse(Buffer.from(headBytes.subarray(12, 12 + headerLength)).toString('utf8')) as {
      format: number;
      count: number;
      metaOffset: number;
      metaBytes: number;
      bytes: number;
    };
    if (header.format !== PACK_FORMAT) return null;
    const meta = await read(header.metaOffset, header.metaBytes);
    if (meta.length !== header.metaBytes) return null;
    const buf = new ArrayBuffer(header.metaBytes);
    new Uint8Array(buf).set(meta);
    const { count } = header;
    return new TilePack(
      read,
      new Float64Array(buf, 0, count * 4),
      new Float64Array(buf, count * 32, count + 1),
      new Float64Array(buf, count * 32 + (count + 1) * 8, count),
      new Uint32Array(buf, count * 40 + (count + 1) * 8, count),
      header.bytes,
    );
  }

  /** Bytes held in memory while the pack is open (its meta). */
  get heldBytes(): number {
    return this.boxes.byteLength + this.offsets.byteLength + this.minzooms.byteLength + this.ordinals.byteLength + 256;
  }

  get count(): number {
    return this.ordinals.length;
  }

  /**
   * The features of the pack that touch tile z/x/y (with a margin past geojson-vt's buffer) and
   * are drawn at its zoom (`isDrawnAtTileZoom`: a feature whose SCAMIN starts deeper is not even
   * read), in the cell's order.
   */
  async featuresNear(z: number, x: number, y: number, detail = MAX_ZOOM): Promise<VtSourceFeature[]> {
    const n = 2 ** z;
    const m = (2 * VT_OPTIONS.buffer) / VT_OPTIONS.extent / n;
    const x0 = x / n - m;
    const x1 = (x + 1) / n + m;
    const y0 = y / n - m;
    const y1 = (y + 1) / n + m;
    const hits: number[] = [];
    const b = this.boxes;
    for (let i = 0, k = 0; i < this.ordinals.length; i++, k += 4) {
      if (b[k]! <= x1 && b[k + 2]! >= x0 && b[k + 1]! <= y1 && b[k + 3]! >= y0 && this.minzooms[i]! < z + 1) hits.push(i);
    }
    const found: { ordinal: number; feature: VtSourceFeature }[] = [];
    for (let s = 0; s < hits.length;) {
      let e = s;
      while (e + 1 < hits.length && this.offsets[hits[e + 1]!]! - this.offsets[hits[e]! + 1]! <= MERGE_GAP) e++;
      const start = this.offsets[hits[s]!]!;
      const end = this.offsets[hits[e]! + 1]!;
      const chunk = await this.read(start, end - start);
      if (chunk.length !== end - start) throw new Error('tile pack is shorter than its table says');
      // A copy of its own, so that float64 views of the records are aligned.
      const buf = new ArrayBuffer(chunk.length);
      new Uint8Array(buf).set(chunk);
      for (let k = s; k <= e; k++) {
        const i = hits[k]!;
        const feature = decodeRecord(buf, this.offsets[i]! - start, detail);
        feature.minX = b[4 * i]!;
        feature.minY = b[4 * i + 1]!;
        feature.maxX = b[4 * i + 2]!;
        feature.maxY = b[4 * i + 3]!;
        found.push({ ordinal: this.ordinals[i]!, feature });
      }
      s = e + 1;
    }
    return found.sort((a, c) => a.ordinal - c.ordinal).map((f) => f.feature);
  }

  /**
   * The cell's features drawn in tile z/x/y, in tile units: what its whole geojson-vt index gives,
   * less the features not drawn at that zoom (geojson-vt cuts every feature on its own).
   */
  async tileFeatures(z: number, x: number, y: number): Promise<VtFeature[]> {
    return cutTile(await this.featuresNear(z, x, y, detailFor(z)), z, x, y);
  }
}

/**
 * Tile z/x/y of these features, as geojson-vt's index cuts it: its `splitTile` drills from the
 * root, clipping each tile on the way into its four quarters with the same bounds and simplifying
 * each; here only the quarter on the way to the tile is clipped, with the same bounds in the same
 * order (so the same numbers), and only the tile itself is simplified and moved into tile units.
 */
export function cutTile(features: VtSourceFeature[], z: number, x: number, y: number): VtFeature[] {
  const k1 = (0.5 * VT_OPTIONS.buffer) / VT_OPTIONS.extent;
  const k2 = 0.5 - k1;
  const k3 = 0.5 + k1;
  const k4 = 1 + k1;
  let current: unknown[] = features;
  for (let pz = 0; pz < z && current.length > 0; pz++) {
    const px = x >> (z - pz);
    const py = y >> (z - pz);
    const right = (x >> (z - pz - 1)) & 1;
    const below = (y >> (z - pz - 1)) & 1;
    const scale = 1 << pz;
    // No bounds of all features: each is tested on its own, which gives what the bounds would.
    const column = vtClip(current, scale, right ? px + k2 : px - k1, right ? px + k4 : px + k3, 0, -Infinity, Infinity, VT_OPTIONS);
    current = column
      ? (vtClip(column, scale, below ? py + k2 : py - k1, below ? py + k4 : py + k3, 1, -Infinity, Infinity, VT_OPTIONS) ?? [])
      : [];
  }
  if (current.length === 0) return [];
  return vtTransformTile(vtCreateTile(current, z, x, y, VT_OPTIONS), VT_OPTIONS.extent).features;
}

/** A pack held in memory (made on demand, before the stored one is there). */
export function memoryPackRead(bytes: Uint8Array): PackRead {
  return (start, length) => Promise.resolve(bytes.subarray(start, Math.min(bytes.length, start + length)));
}
