import { basename } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { indexCell, scanS57, type CellIndex } from '@chartroom/s57';
import { readS101, type S101Dataset } from '@chartroom/s101';
import { readS102 } from '@chartroom/s102';
import type { BlobStore } from '../../storage/blob-store.js';
import { listenChartsChanged } from './chart-changes.js';
import { buildChartSet, type ChartSet, type MapCell, type MapGrid } from './chart-set.js';
import {
  buildCellTileIndex,
  buildCellTileIndexSliced,
  buildS101TileIndex,
  buildS101TileIndexSliced,
  type CellTileIndex,
  type TileAddress,
} from './cell-tile-index.js';
import { prepareDepthGrid, renderDepthTile, type DepthGrid } from './s102-tile.js';
import type { MapChartRow } from './tiles.repository.js';
import { bboxTouchesTile } from './tile-geometry.js';
import { makeVectorTile } from './vector-tile.js';

/** A made tile: gzip-compressed MVT or a PNG; `null` body for an empty tile (204). */
export interface TileBody {
  body: Buffer | null;
}

type Source = CellTileIndex | DepthGrid | null;

/** How long a map task's chart version is trusted before it is read again (other processes' applies). */
const TASK_MEMO_MS = 1000;

/**
 * The tile caches of one process. Tiles are keyed by geocontent and chart version (read from the
 * database on every request, so several processes agree on what is current); cell indexes and
 * S-102 grids by their stored files, so a version that keeps a cell keeps its index. Both are
 * least-recently-used caches bounded in bytes.
 */
export class TileStore {
  private readonly sets = new Map<number, ChartSet>();
  private readonly sources: LRUCache<string, { value: Source; bytes: number }>;
  private readonly tiles: LRUCache<string, TileBody>;
  private readonly loading = new Map<string, Promise<Source>>();
  private readonly tasks = new LRUCache<string, { gcId: number; row: unknown }>({ max: 10_000, ttl: TASK_MEMO_MS });
  private readonly stopListening: () => void;

  constructor(
    private readonly blobs: BlobStore,
    maxBytes: number,
  ) {
    this.stopListening = listenChartsChanged((gcId) => this.forgetTasks(gcId));
    this.sources = new LRUCache({ maxSize: Math.floor(maxBytes * 0.75), sizeCalculation: (v) => Math.max(1, v.bytes) });
    this.tiles = new LRUCache({ maxSize: Math.floor(maxBytes * 0.25), sizeCalculation: (v) => 64 + (v.body?.length ?? 0) });
  }

  /**
   * A map task's row with its chart version, remembered for a second: tiles come in bursts of
   * dozens, and one database read per burst is enough. A change in this process forgets it at once.
   */
  async task<T extends { geocontentId: number }>(taskId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.tasks.get(taskId);
    if (hit) return hit.row as T;
    const row = await load();
    if (row) this.tasks.set(taskId, { gcId: row.geocontentId, row });
    return row;
  }

  close(): void {
    this.stopListening();
  }

  private forgetTasks(gcId: number): void {
    for (const [taskId, entry] of this.tasks.entries()) if (entry.gcId === gcId) this.tasks.delete(taskId);
  }

  /** The chart set of this version; a newer version drops the geocontent's older tiles. */
  async chartSet(gcId: number, version: string, loadRows: () => Promise<MapChartRow[]>): Promise<ChartSet> {
    const known = this.sets.get(gcId);
    if (known?.version === version) return known;
    const set = buildChartSet(gcId, version, await loadRows());
    if (known) this.dropTiles(gcId);
    this.sets.set(gcId, set);
    return set;
  }

  /** Forgets a geocontent's tiles (its cell indexes stay while other versions may use them). */
  dropTiles(gcId: number): void {
    const prefix = `${gcId}:`;
    for (const key of [...this.tiles.keys()]) if (key.startsWith(prefix)) this.tiles.delete(key);
    this.sets.delete(gcId);
  }

  hasTile(set: ChartSet, kind: 'pbf' | 'png', z: number, x: number, y: number): boolean {
    return this.tiles.has(tileKey(set, kind, z, x, y));
  }

  async vectorTile(set: ChartSet, z: number, x: number, y: number): Promise<TileBody> {
    return this.cached(tileKey(set, 'pbf', z, x, y), async () => {
      const raw = await makeVectorTile(set, z, x, y, (cell) => this.cellIndex(cell));
      return raw ? gzipSync(raw) : null;
    });
  }

  async depthTile(set: ChartSet, z: number, x: number, y: number): Promise<TileBody> {
    return this.cached(tileKey(set, 'png', z, x, y), async () => {
      const grids: DepthGrid[] = [];
      for (const g of set.grids) {
        if (!bboxTouchesTile(g.bbox, z, x, y, 0)) continue;
        const grid = await this.depthGrid(g);
        if (grid) grids.push(grid);
      }
      const png = grids.length > 0 ? renderDepthTile(grids, z, x, y) : null;
      return png ? Buffer.from(png) : null;
    });
  }

  /**
   * Makes and caches tiles (the warm job's starting view) without keeping whole cell indexes: a
   * cell those tiles need is indexed for them only (`buildCellTileIndex`'s window: the features
   * that touch them, nothing cut in advance), unless its whole index is cached already. A whole
   * index of an approach cell holds about 60 times the cell (US4MD81M: about 200 MB); the
   * windowed one a few MB. They are kept only while the tiles are made, at most `WARM_BYTES`.
   */
  async warmVectorTiles(set: ChartSet, tiles: TileAddress[]): Promise<number> {
    const windowed = new LRUCache<string, CellTileIndex>({ maxSize: WARM_BYTES, sizeCalculation: (v) => Math.max(1, v.estimateBytes()) });
    const load = async (cell: MapCell): Promise<CellTileIndex> => {
      const whole = this.sources.get(`enc:${cell.key}`);
      if (whole) return whole.value as CellTileIndex;
      let index = windowed.get(cell.key);
      if (!index) {
        index = await this.buildIndex(cell, { window: tiles });
        windowed.set(cell.key, index);
      }
      return index;
    };
    for (const { z, x, y } of tiles) {
      await this.cached(tileKey(set, 'pbf', z, x, y), async () => {
        const raw = await makeVectorTile(set, z, x, y, load);
        return raw ? gzipSync(raw) : null;
      });
      // A tile of many overlapping cells takes tens of milliseconds: let requests in between.
      await yieldToLoop();
    }
    return tiles.length;
  }

  /** A stored file as it is (a chart's companion text), not cached. */
  async readFile(key: string): Promise<Buffer> {
    return this.blobs.read(key);
  }

  /** Bytes the caches hold by their own estimate (for the benchmark and logs). */
  heldBytes(): { sources: number; tiles: number } {
    return { sources: this.sources.calculatedSize, tiles: this.tiles.calculatedSize };
  }

  private async cached(key: string, make: () => Promise<Buffer | null>): Promise<TileBody> {
    const hit = this.tiles.get(key);
    if (hit) return hit;
    const made = { body: await make() };
    this.tiles.set(key, made);
    return made;
  }

  /**
   * A stored cell with its updates, kept as its record index: the records the tile index takes are
   * decoded once, as it takes them, and the others not at all. Every stored cell file was checked
   * record by record as `readS57` checks it when it was taken in (the upload's review, the S-63
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

  /**
   * The tile index of a cell or S-101 dataset; with `window`, for those tiles only. A whole index
   * is built in slices with pauses between (`buildCellTileIndexSliced`), so the requests that come
   * while a large cell is indexed (tiles already made, the API) wait for a slice, not the build.
   */
  private async buildIndex(cell: MapCell, opts: { window?: TileAddress[] } = {}): Promise<CellTileIndex> {
    if (opts.window) {
      return cell.format === 's101'
        ? buildS101TileIndex(await this.readS101(cell), stampOf(cell), opts)
        : buildCellTileIndex(await this.readCell(cell), stampOf(cell), opts);
    }
    if (cell.format === 's101') {
      const ds = await this.readS101(cell);
      await yieldToLoop();
      return buildS101TileIndexSliced(ds, stampOf(cell), yieldToLoop);
    }
    const ds = await this.readCell(cell);
    await yieldToLoop();
    return buildCellTileIndexSliced(ds, stampOf(cell), yieldToLoop);
  }

  /**
   * Builds and keeps the whole tile indexes of these cells, one after another (the warm after an
   * apply, and the demo's at start-up): the first tiles of a prepared cell are then cut from its
   * index in milliseconds instead of waiting for the cell to be read and indexed (US4MD81M: about
   * 11 s on this machine under load). A cell already indexed costs nothing.
   */
  async warmCellIndexes(cells: MapCell[]): Promise<number> {
    for (const cell of cells) {
      await this.cellIndex(cell);
      await yieldToLoop();
    }
    return cells.length;
  }

  private async cellIndex(cell: MapCell): Promise<CellTileIndex> {
    const index = (await this.source(`enc:${cell.key}`, async () => this.buildIndex(cell))) as CellTileIndex;
    // The index grows as it cuts tiles: tell the cache its new size.
    this.sources.set(`enc:${cell.key}`, { value: index, bytes: index.estimateBytes() });
    return index;
  }

  private async depthGrid(grid: MapGrid): Promise<DepthGrid | null> {
    return (await this.source(`s102:${grid.key}`, async () =>
      prepareDepthGrid(await this.blobs.withFile(grid.gridKey, (path) => readS102(path))),
    )) as DepthGrid | null;
  }

  /** One load per source at a time, however many tiles ask for it together. */
  private async source(key: string, load: () => Promise<Source>): Promise<Source> {
    const hit = this.sources.get(key);
    if (hit) return hit.value;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
      const value = await pending;
      this.sources.set(key, { value, bytes: value === null ? 64 : 'estimateBytes' in value ? value.estimateBytes() : value.bytes });
      return value;
    }
    return pending;
  }
}

/** Bytes of windowed cell indexes one warm keeps (several cells overlapping the starting view). */
const WARM_BYTES = 32 * 1024 * 1024;

function stampOf(cell: MapCell) {
  return { cell: cell.name, band: cell.band, edition: cell.edition, update: cell.update };
}

function tileKey(set: ChartSet, kind: string, z: number, x: number, y: number): string {
  return `${set.gcId}:${set.version}:${kind}:${z}/${x}/${y}`;
}
