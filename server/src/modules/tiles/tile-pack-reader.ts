import { vtClip, vtCreateTile, vtTransformTile, type VtFeature } from './geojson-vt.js';
import { VT_OPTIONS } from './cell-tile-index.js';
import { clipBounds, levelValues, MAGIC, MAX_ZOOM, PACK_FORMAT, pad8, TYPES } from './tile-pack.js';
import { CleanFeature } from './tile-clean.js';
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

/**
 * Reads `length` bytes of the pack from `start` (a blob's range, or a pack held in memory); with
 * `into` (at least `length` bytes) into it, returning a view of what was read.
 */
export type PackRead = (start: number, length: number, into?: Uint8Array) => Promise<Uint8Array>;

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

interface PackHeader {
  format: number;
  count: number;
  metaOffset: number;
  metaBytes: number;
  bytes: number;
  bucketZoom: number;
  /** x, y, first record, end record per bucket. */
  buckets: number[];
  /** z, x, y, offset (from `tilesOffset`), length per tile made ahead. */
  tiles: number[];
  tilesOffset: number;
}

/** A tile made ahead (tile-pack.ts `encodeMadeTile`) back into features, each marked valid already. */
function decodeMadeTile(bytes: Uint8Array): VtFeature[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(0, true);
  const list = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 4, jsonLength).toString('utf8')) as [
    1 | 2 | 3,
    VtFeature['tags'],
    number[],
  ][];
  const head = (4 + jsonLength + 3) & ~3;
  const count = (bytes.length - head) >> 2;
  // Read in place where the vertices lie on a 4-byte boundary (a stored tile starts at a multiple
  // of 8 and a range is read into a buffer of its own), else from a copy.
  const coords =
    (bytes.byteOffset + head) % 4 === 0
      ? new Int32Array(bytes.buffer, bytes.byteOffset + head, count)
      : new Int32Array(bytes.slice(head, head + count * 4).buffer);
  let v = 0;
  const take = (n: number) => {
    const pts: [number, number][] = new Array(n);
    for (let i = 0; i < n; i++, v += 2) pts[i] = [coords[v]!, coords[v + 1]!];
    return pts;
  };
  return list.map(([type, tags, counts]) => {
    return new CleanFeature(type, tags, type === 1 ? take(counts[0]!) : counts.map(take)) as VtFeature;
  });
}

/** The table of one bucket's records: their boxes, offsets (one more: where the last ends) and minzooms. */
interface BucketTable {
  boxes: Float64Array;
  offsets: Float64Array;
  minzooms: Float64Array;
}

/**
 * A tile pack opened for reading: its header in memory; per tile, a tile made ahead read whole,
 * or (deeper than its bucket zoom) the records of its bucket near the tile, cut on down to it. A
 * bucket's part of the table is read the first time one of its tiles is asked: opening a pack
 * reads a few KB, not the whole table (hundreds of KB, about 1 ms), and a tile of a large set is
 * often the first of its cell in its thread (decision 0035).
 */
export class TilePack {
  private readonly buckets = new Map<string, [number, number]>();
  private readonly made = new Map<string, [number, number]>();
  private readonly tables = new Map<string, Promise<BucketTable>>();

  private constructor(
    private readonly read: PackRead,
    private readonly release: () => void,
    private readonly header: PackHeader,
  ) {
    const b = header.buckets;
    for (let i = 0; i < b.length; i += 4) this.buckets.set(`${b[i]}/${b[i + 1]}`, [b[i + 2]!, b[i + 3]!]);
    const t = header.tiles;
    for (let i = 0; i < t.length; i += 5) this.made.set(`${t[i]}/${t[i + 1]}/${t[i + 2]}`, [header.tilesOffset + t[i + 3]!, t[i + 4]!]);
  }

  /** Bytes of the whole pack. */
  get bytes(): number {
    return this.header.bytes;
  }

  /** The zoom its records are cut to; its tiles down to it are made ahead. */
  get bucketZoom(): number {
    return this.header.bucketZoom;
  }

  /**
   * Opens a pack; null when the bytes are not a pack of this format (made again then). `release`
   * lets go of what `read` holds (an open file) when the pack is closed.
   */
  static async open(read: PackRead, release: () => void = () => undefined): Promise<TilePack | null> {
    const first = await read(0, 4096);
    if (first.length < 12 || Buffer.from(first.subarray(0, 8)).toString('latin1') !== MAGIC) return null;
    const headerLength = new DataView(first.buffer, first.byteOffset, first.byteLength).getUint32(8, true);
    const headBytes = 12 + headerLength <= first.length ? first : await read(0, 12 + headerLength);
    if (headBytes.length < 12 + headerLength) return null;
    const header = JSON.parse(Buffer.from(headBytes.subarray(12, 12 + headerLength)).toString('utf8')) as PackHeader;
    if (header.format !== PACK_FORMAT) return null;
    // A pack cut short (a write that did not finish) is made again, as one of another format is.
    if (header.bytes < 1 || (await read(header.bytes - 1, 1)).length !== 1) return null;
    return new TilePack(read, release, header);
  }

  /** Lets go of the file it reads (a later read opens it again). */
  close(): void {
    this.release();
  }

  /**
   * Bytes held in memory while the pack is open, at most: its header's maps, and the table of every
   * bucket once all are read (a cache bounded by this stays bounded however many are read).
   */
  get heldBytes(): number {
    return this.header.metaBytes + (this.buckets.size + this.made.size) * 96 + 256;
  }

  get count(): number {
    return this.header.count;
  }

  /** A bucket's part of the table (records first to end), read once: three ranges into buffers of their own. */
  private bucketTable(key: string, first: number, end: number): Promise<BucketTable> {
    let table = this.tables.get(key);
    if (!table) {
      const { metaOffset, count } = this.header;
      const part = async (at: number, length: number) => {
        const buf = new ArrayBuffer(length * 8);
        const got = await this.read(metaOffset + at * 8, length * 8, new Uint8Array(buf));
        if (got.length !== length * 8) throw new Error('tile pack is shorter than its table says');
        return new Float64Array(buf);
      };
      const n = end - first;
      table = Promise.all([part(4 * first, 4 * n), part(4 * count + first, n + 1), part(5 * count + 1 + first, n)]).then(
        ([boxes, offsets, minzooms]) => ({ boxes, offsets, minzooms }),
      );
      this.tables.set(key, table);
      // A failed read is tried again by the next tile.
      table.catch(() => this.tables.delete(key));
    }
    return table;
  }

  /**
   * The records of the pack that touch tile z/x/y (with a margin past geojson-vt's buffer) and
   * are drawn at its zoom (`isDrawnAtTileZoom`: a feature whose SCAMIN starts deeper is not even
   * read), in the cell's order: those of the tile's bucket (z at the bucket zoom or deeper).
   */
  async featuresNear(z: number, x: number, y: number, detail = MAX_ZOOM): Promise<VtSourceFeature[]> {
    const bz = this.header.bucketZoom;
    if (z < bz) return [];
    const key = `${x >> (z - bz)}/${y >> (z - bz)}`;
    const bucket = this.buckets.get(key);
    if (!bucket) return [];
    const { boxes: b, offsets, minzooms } = await this.bucketTable(key, bucket[0], bucket[1]);
    const n = 2 ** z;
    const m = (2 * VT_OPTIONS.buffer) / VT_OPTIONS.extent / n;
    const x0 = x / n - m;
    const x1 = (x + 1) / n + m;
    const y0 = y / n - m;
    const y1 = (y + 1) / n + m;
    // Indexes within the bucket.
    const hits: number[] = [];
    for (let i = 0, k = 0; i < minzooms.length; i++, k += 4) {
      if (b[k]! <= x1 && b[k + 2]! >= x0 && b[k + 1]! <= y1 && b[k + 3]! >= y0 && minzooms[i]! < z + 1) hits.push(i);
    }
    const found: VtSourceFeature[] = [];
    for (let s = 0; s < hits.length;) {
      let e = s;
      while (e + 1 < hits.length && offsets[hits[e + 1]!]! - offsets[hits[e]! + 1]! <= MERGE_GAP) e++;
      const start = offsets[hits[s]!]!;
      const end = offsets[hits[e]! + 1]!;
      // Read into a buffer of its own, so that float64 views of the records are aligned.
      const buf = new ArrayBuffer(end - start);
      const chunk = await this.read(start, end - start, new Uint8Array(buf));
      if (chunk.length !== end - start) throw new Error('tile pack is shorter than its table says');
      for (let k = s; k <= e; k++) {
        const i = hits[k]!;
        const feature = decodeRecord(buf, offsets[i]! - start, detail);
        feature.minX = b[4 * i]!;
        feature.minY = b[4 * i + 1]!;
        feature.maxX = b[4 * i + 2]!;
        feature.maxY = b[4 * i + 3]!;
        found.push(feature);
      }
      s = e + 1;
    }
    // A bucket's records are in the cell's order already.
    return found;
  }

  /**
   * Tiles that take every way a tile is read from this pack, for a tile thread's warm-up
   * (tile-worker.ts): its tiles made ahead from zoom 10 to the bucket zoom, and under each bucket
   * one tile of each deeper zoom to 15 (the one at the bucket's middle), at most `max` in all.
   */
  warmUpTiles(max: number): [number, number, number][] {
    const out: [number, number, number][] = [];
    const t = this.header.tiles;
    for (let i = 0; i < t.length; i += 5) if (t[i]! >= 10) out.push([t[i]!, t[i + 1]!, t[i + 2]!]);
    const bz = this.header.bucketZoom;
    const b = this.header.buckets;
    for (let i = 0; i < b.length; i += 4) {
      for (let z = bz + 1; z <= 15; z++) {
        const d = 2 ** (z - bz);
        out.push([z, b[i]! * d + (d >> 1), b[i + 1]! * d + (d >> 1)]);
      }
    }
    // Every kind of tile, spread over the cell, when there are more than `max`.
    if (out.length <= max) return out;
    const step = out.length / max;
    return Array.from({ length: max }, (_, k) => out[Math.floor(k * step)]!);
  }

  /**
   * The cell's features drawn in tile z/x/y, in tile units, as its whole geojson-vt index gives
   * them (less the features not drawn at that zoom): a tile down to the bucket zoom as it was made
   * ahead (its features valid already), a deeper one cut from its bucket. Below
   * `coverageOnlyBelowZoom`, where the map draws coverage alone, none.
   */
  async tileFeatures(z: number, x: number, y: number): Promise<VtFeature[]> {
    const bz = this.header.bucketZoom;
    if (z <= bz) {
      const at = this.made.get(`${z}/${x}/${y}`);
      if (!at) return [];
      const bytes = await this.read(at[0], at[1]);
      if (bytes.length !== at[1]) throw new Error('tile pack is shorter than its table says');
      return decodeMadeTile(bytes);
    }
    return cutTile(await this.featuresNear(z, x, y, detailFor(z)), z, x, y, bz);
  }
}

/**
 * Tile z/x/y of these features, as geojson-vt's index cuts it: its `splitTile` drills from the
 * root (or from tile `fromZoom` on the way, which the features are cut to already), clipping each
 * tile on the way into its four quarters with the same bounds and simplifying each; here only the
 * quarter on the way to the tile is clipped, with the same bounds in the same order (so the same
 * numbers), and only the tile itself is simplified and moved into tile units.
 */
export function cutTile(features: VtSourceFeature[], z: number, x: number, y: number, fromZoom = 0): VtFeature[] {
  const { k1, k2, k3, k4 } = clipBounds();
  let current: unknown[] = features;
  for (let pz = fromZoom; pz < z && current.length > 0; pz++) {
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
  return (start, length, into) => {
    const part = bytes.subarray(start, Math.min(bytes.length, start + length));
    if (!into) return Promise.resolve(part);
    into.set(part);
    return Promise.resolve(into.subarray(0, part.length));
  };
}
