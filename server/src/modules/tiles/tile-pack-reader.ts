import { vtClip, vtCreateTile, vtTransformTile, type VtFeature } from './geojson-vt.js';
import { VT_OPTIONS } from './cell-tile-index.js';
import { levelValues, MAGIC, MAX_ZOOM, PACK_FORMAT, pad8, TYPES } from './tile-pack.js';
import type { VtLine, VtSourceFeature } from './vt-convert.js';

// Reading a cell's tile pack (tile-pack.ts, decision 0031): its table once, then per tile the
// records near it, read by ranges and cut down the path to the tile.

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
