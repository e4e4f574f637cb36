import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { indexCell, scanS57, type CellIndex } from '@chartroom/s57';
import { readS101, type S101Dataset } from '@chartroom/s101';
import { readS102 } from '@chartroom/s102';
import { isBlobNotFound, type BlobStore } from '../../storage/blob-store.js';
import { buildCellTileIndex, buildS101TileIndex, cellTileFeatures, tileFeaturesNear, type CellTileIndex } from './cell-tile-index.js';
import { s101TileFeatures } from './cell-features.js';
import { coverageFeatures, type MapCell, type MapGrid } from './chart-set.js';
import { decodeDepthGrid, depthGridKeyOf, encodeDepthGrid, prepareDepthGrid, renderDepthTile, type DepthGrid } from './s102-tile.js';
import type { VtFeature } from './geojson-vt.js';
import { encodeTilePack, packKeyOf } from './tile-pack.js';
import { memoryPackRead, TilePack } from './tile-pack-reader.js';
import { makeVectorTile } from './vector-tile.js';

/** Where a cell's tiles are cut from: its pack, or (a cell at the antimeridian) its whole index; an S-102 grid (null: a CRS the map cannot draw). */
type CellSource = { pack: TilePack; bytes: number } | { index: CellTileIndex; bytes: number } | { grid: DepthGrid | null; bytes: number };

/** What a preparation did: the pack's blob and size, or that it was there already. */
export interface PreparedCell {
  key: string;
  bytes: number;
  skipped: boolean;
}

function stampOf(cell: MapCell) {
  return { cell: cell.name, band: cell.band, edition: cell.edition, update: cell.update };
}

/**
 * Tiles and packs of cells (and S-102 tiles and grids), as a tile worker thread makes them
 * (tile-worker.ts), from the blob store: a cell's tiles are cut from its stored pack, read by ranges; a cell whose pack is not
 * stored yet (its preparation is still queued) is read and packed here, kept in memory and stored
 * for the others, so its tiles are answered meanwhile. Opened packs' tables and packs made here
 * are kept in a cache bounded in bytes.
 */
export class CellTiles {
  private readonly sources: LRUCache<string, CellSource>;
  private readonly loading = new Map<string, Promise<CellSource>>();

  constructor(
    private readonly blobs: BlobStore,
    cacheBytes: number,
  ) {
    this.sources = new LRUCache({
      maxSize: Math.max(1, cacheBytes),
      sizeCalculation: (v) => Math.max(1, v.bytes),
      dispose: (v) => {
        if ('pack' in v) v.pack.close();
      },
    });
  }

  /** Tile z/x/y of these cells (those whose box touches it) as gzip-compressed MVT, or null when it holds nothing. */
  async vectorTile(cells: MapCell[], z: number, x: number, y: number): Promise<Uint8Array | null> {
    const raw = await makeVectorTile({ cells, coverage: coverageFeatures(cells) }, z, x, y, (cell) => this.features(cell, z, x, y));
    return raw ? gzipSync(raw) : null;
  }

  /**
   * Makes tiles of these stored packs in turn (`TilePack.warmUpTiles`), `max` in all, as a map
   * asks for them, and drops them: V8 then has optimised the reading, cutting, cleaning and writing
   * of a real cell's tiles (tile-worker.ts). A small cell gives a few dozen tiles, too few for that
   * (decision 0038), so the next pack goes on until `max` are made. `idle` is awaited before each
   * tile, so that the thread's own tasks go first. How many tiles were made.
   */
  async warmUp(packKeys: string[], max: number, idle: () => Promise<void>): Promise<number> {
    let made = 0;
    for (const key of packKeys) {
      if (made >= max) break;
      const pack = await this.openStored(key);
      if (!pack) continue;
      // Anywhere in the world: the tiles are the pack's own, the quilt has this cell alone.
      const cell = { name: 'warm-up', band: 5, edition: 1, update: 0, issueDate: null, coverage: null, bbox: [-180, -85, 180, 85] };
      const set = { cells: [cell as MapCell], coverage: coverageFeatures([cell as MapCell]) };
      try {
        for (const [z, x, y] of pack.warmUpTiles(max - made)) {
          await idle();
          const raw = await makeVectorTile(set, z, x, y, () => pack.tileFeatures(z, x, y));
          if (raw) gzipSync(raw);
          made++;
        }
      } finally {
        pack.close();
      }
    }
    return made;
  }

  /** S-102 tile z/x/y of these grids (later drawn over earlier) as PNG, or null when no pixel falls on data. */
  async depthTile(grids: MapGrid[], z: number, x: number, y: number): Promise<Uint8Array | null> {
    const loaded: DepthGrid[] = [];
    for (const g of grids) {
      const source = await this.cached(`s102:${g.key}`, () => this.loadGrid(g));
      if ('grid' in source && source.grid) loaded.push(source.grid);
    }
    return loaded.length > 0 ? renderDepthTile(loaded, z, x, y) : null;
  }

  /**
   * Stores an S-102 grid's depths as they are drawn (`tiles/grids/v1/<key>.grid`, header and
   * float32 depths), so its tiles no longer open the HDF5 file. A grid already stored is kept (a
   * key names one version of the file); one in a CRS the map cannot draw stores nothing.
   */
  async prepareGrid(grid: MapGrid): Promise<PreparedCell> {
    const key = depthGridKeyOf(grid.key);
    const size = await this.blobs.size(key);
    if (size !== null) return { key, bytes: size, skipped: true };
    const depth = await this.readDepthGrid(grid);
    if (!depth) return { key, bytes: 0, skipped: true };
    const bytes = encodeDepthGrid(depth);
    await this.blobs.put(key, bytes);
    return { key, bytes: bytes.length, skipped: false };
  }

  /** Makes and stores the cell's pack unless it is stored already. */
  async prepare(cell: MapCell): Promise<PreparedCell> {
    const key = packKeyOf(cell);
    const size = await this.blobs.size(key);
    const stored = size !== null ? await this.openStored(key) : null;
    if (stored) {
      stored.close();
      return { key, bytes: size!, skipped: true };
    }
    const bytes = encodeTilePack(await this.features57or101(cell));
    // A cell at the antimeridian has no pack: its tiles are cut from its whole index when asked.
    if (!bytes) return { key, bytes: 0, skipped: true };
    await this.blobs.put(key, bytes);
    return { key, bytes: bytes.length, skipped: false };
  }

  /** Bytes the cache holds (opened packs' tables, packs and indexes made here). */
  get heldBytes(): number {
    return this.sources.calculatedSize;
  }

  private async features(cell: MapCell, z: number, x: number, y: number): Promise<VtFeature[]> {
    const source = await this.cached(cell.key, () => this.load(cell));
    if ('pack' in source) return source.pack.tileFeatures(z, x, y);
    return 'index' in source ? cellTileFeatures(source.index, z, x, y) : [];
  }

  /** One load per source at a time, however many tiles ask for it together. */
  private async cached(key: string, load: () => Promise<CellSource>): Promise<CellSource> {
    const hit = this.sources.get(key);
    if (hit) return hit;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
      const loaded = await pending;
      this.sources.set(key, loaded);
      return loaded;
    }
    return pending;
  }

  /** An S-102 grid to draw: prepared (`prepareGrid`) when it is, else read from its HDF5 file. */
  private async loadGrid(grid: MapGrid): Promise<CellSource> {
    const prepared = depthGridKeyOf(grid.key);
    const depth =
      (await this.blobs.size(prepared)) !== null ? decodeDepthGrid(await this.blobs.read(prepared)) : await this.readDepthGrid(grid);
    return { grid: depth, bytes: depth?.bytes ?? 64 };
  }

  private async readDepthGrid(grid: MapGrid): Promise<DepthGrid | null> {
    return prepareDepthGrid(await this.blobs.withFile(grid.gridKey, (path) => readS102(path)));
  }

  /** A stored pack, read in this thread where the store allows (`openRanges`), else by requests. */
  private async openStored(key: string): Promise<TilePack | null> {
    try {
      const ranges = await this.blobs.openRanges(key);
      if (!ranges) return await TilePack.open((start, length, into) => this.blobs.readRange(key, start, length, into));
      try {
        const pack = await TilePack.open(
          async (start, length, into) => ranges.read(start, length, into),
          () => ranges.close(),
        );
        if (!pack) ranges.close();
        return pack;
      } catch (err) {
        ranges.close();
        throw err;
      }
    } catch (err) {
      if (isBlobNotFound(err)) return null;
      throw err;
    }
  }

  private async load(cell: MapCell): Promise<CellSource> {
    const key = packKeyOf(cell);
    const stored = await this.openStored(key);
    if (stored) return { pack: stored, bytes: stored.heldBytes };
    const features = await this.features57or101(cell);
    const bytes = encodeTilePack(features);
    if (!bytes) {
      const index =
        cell.format === 's101'
          ? buildS101TileIndex(await this.readS101(cell), stampOf(cell))
          : buildCellTileIndex(await this.readCell(cell), stampOf(cell));
      return { index, bytes: index.estimateBytes() };
    }
    // Stored for the other threads and processes (the preparation then finds it there); a failed
    // write only means the preparation makes it again.
    this.blobs.put(key, bytes).catch(() => undefined);
    const pack = (await TilePack.open(memoryPackRead(bytes)))!;
    return { pack, bytes: bytes.length + pack.heldBytes };
  }

  private async features57or101(cell: MapCell) {
    return cell.format === 's101'
      ? [...s101TileFeatures(await this.readS101(cell), stampOf(cell))]
      : tileFeaturesNear(await this.readCell(cell), stampOf(cell));
  }

  /**
   * A stored cell with its updates, as its record index. Every stored cell file was checked record
   * by record as `readS57` checks it when it was taken in (the upload's review, the S-63
   * conversion), so it is not checked again here; a record damaged since still fails where it is read.
   */
  private async readCell(cell: MapCell): Promise<CellIndex> {
    const [base, ...updates] = await Promise.all(
      cell.blobKeys.map(async (k) => scanS57(await this.blobs.read(k), { fileName: basename(k) })),
    );
    return indexCell(base!, updates);
  }

  /** A stored S-101 dataset with its updates (checked by the S-101 reader when it was uploaded). */
  private async readS101(cell: MapCell): Promise<S101Dataset> {
    const files = await Promise.all(
      cell.blobKeys.map(async (k) => ({ bytes: new Uint8Array(await this.blobs.read(k)), fileName: basename(k) })),
    );
    return readS101(files[0]!.bytes, files.slice(1), { fileName: files[0]!.fileName });
  }
}
