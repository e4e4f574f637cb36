import { LRUCache } from 'lru-cache';
import type { BlobStore } from '../../storage/blob-store.js';
import { listenChartsChanged } from './chart-changes.js';
import { buildChartSet, type ChartSet, type MapCell, type MapGrid } from './chart-set.js';
import type { TileAddress } from './cell-tile-index.js';
import type { PreparedCell } from './cell-tiles.js';
import { packKeyOf } from './tile-pack.js';
import type { MapChartRow } from './tiles.repository.js';
import { bboxTouchesTile } from './tile-geometry.js';
import { defaultTileThreads, TileWorkerPool } from './tile-workers.js';

/** A made tile: gzip-compressed MVT or a PNG; `null` body for an empty tile (204). */
export interface TileBody {
  body: Buffer | null;
}

/** How long a map task's chart version is trusted before it is read again (other processes' applies). */
const TASK_MEMO_MS = 1000;

/**
 * The preparation thread's semi-spaces grow to this many MB (a tile thread's: 16; decision 0037);
 * to the smaller size while other processes of the installation run too (decision 0039).
 */
const PREPARE_SEMI_SPACE_MB = 64;
const SHARED_PREPARE_SEMI_SPACE_MB = 32;

/** The preparation thread ends after this long without a pack to make, giving its heap back. */
const PREPARE_IDLE_MS = 30_000;

/**
 * The tiles of one process. Vector and S-102 tiles are made in tile worker threads (decision
 * 0031), vector tiles from the cells' tile packs, S-102 tiles from their stored grids. Tiles are
 * cached here keyed by geocontent and chart version (read from the database on every request, so
 * several processes agree on what is current). Of `maxBytes`, a quarter holds tiles and three
 * quarters the tile threads' caches (opened packs, grids); all are least-recently-used caches
 * bounded in bytes.
 */
export class TileStore {
  private readonly sets = new Map<number, ChartSet>();
  private readonly tiles: LRUCache<string, TileBody>;
  private readonly making = new Map<string, Promise<TileBody>>();
  private tileThreads: TileWorkerPool | null = null;
  private prepareThread: TileWorkerPool | null = null;
  private readonly threads: number;
  private readonly threadCacheBytes: number;
  private readonly liveProcesses: () => number;
  private readonly tasks = new LRUCache<string, { gcId: number; row: unknown }>({ max: 10_000, ttl: TASK_MEMO_MS });
  private readonly loadingTasks = new Map<string, Promise<unknown>>();
  private taskGeneration = 0;
  private readonly stopListening: () => void;
  /** The tile threads were started warm (`startThreads`), and are yet to be warmed on a stored pack. */
  private warmOnPack = false;

  constructor(
    private readonly blobs: BlobStore,
    maxBytes: number,
    opts: {
      threads?: number;
      /** How many processes of the installation run now, this one included (`ProcessRegistry.liveCount`); one when not given. */
      liveProcesses?: () => number;
    } = {},
  ) {
    this.stopListening = listenChartsChanged((gcId) => this.forgetTasks(gcId));
    this.threads = opts.threads ?? defaultTileThreads();
    this.liveProcesses = opts.liveProcesses ?? (() => 1);
    this.threadCacheBytes = Math.floor((maxBytes * 0.75) / this.threads);
    this.tiles = new LRUCache({ maxSize: Math.floor(maxBytes * 0.25), sizeCalculation: (v) => 64 + (v.body?.length ?? 0) });
  }

  /**
   * A map task's row with its chart version, remembered for a second: tiles come in bursts of
   * dozens, and one database read per burst is enough. A change in this process forgets it at once.
   */
  async task<T extends { geocontentId: number }>(taskId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.tasks.get(taskId);
    if (hit) return hit.row as T;
    // The tiles of a burst in flight when the second ends share one read: eight at once would cost
    // the database as many.
    let pending = this.loadingTasks.get(taskId) as Promise<T | undefined> | undefined;
    if (!pending) {
      // A read begun before a change in this process is neither joined nor kept after it.
      const generation = this.taskGeneration;
      pending = load().then((row) => {
        if (row && generation === this.taskGeneration) this.tasks.set(taskId, { gcId: row.geocontentId, row });
        return row;
      });
      const mine = pending;
      this.loadingTasks.set(taskId, mine);
      mine
        .finally(() => {
          if (this.loadingTasks.get(taskId) === mine) this.loadingTasks.delete(taskId);
        })
        .catch(() => undefined);
    }
    return pending;
  }

  async close(): Promise<void> {
    this.stopListening();
    await Promise.all([this.tileThreads?.close(), this.prepareThread?.close()]);
  }

  /**
   * Starts every tile thread now rather than with the first tiles, each warmed up as it starts
   * (tile-worker.ts): a server's first tiles are then cut by optimised code. The threads warm up
   * on the built-in demo cell at once, then on a real cell's stored pack as soon as there is one:
   * the first of `lastPrepared` (the chart-set keys of the cell versions prepared last)
   * whose pack is stored, or else the first cell this process prepares.
   */
  startThreads(lastPrepared?: () => Promise<string[]>): void {
    this.workers(true).startAll();
    this.warmOnPack = true;
    lastPrepared?.().then(
      (keys) => this.warmThreadsOn(keys.map((key) => packKeyOf({ key }))),
      () => undefined,
    );
  }

  /**
   * Warms the started tile threads up on these packs, until every thread says it has made its
   * warm-up tiles: the demo data's small cells, prepared first on a new database, give too few
   * (decision 0038), and the cells prepared next go on with it.
   */
  private warmThreadsOn(packKeys: string[]): void {
    if (!this.warmOnPack || packKeys.length === 0 || !this.tileThreads) return;
    // A warm-up that fails only leaves the threads as the demo cell warmed them.
    this.tileThreads.broadcast<boolean>({ op: 'warm', packKeys }).then(
      (done) => {
        if (done.every(Boolean)) this.warmOnPack = false;
      },
      () => undefined,
    );
  }

  /** The tile threads, started when the first tile is asked for (or by `startThreads`). */
  private workers(warm = false): TileWorkerPool {
    this.tileThreads ??= new TileWorkerPool(
      this.threads,
      { blobs: this.blobs.opening, cacheBytes: this.threadCacheBytes, nice: 5, warm },
      'tiles',
    );
    return this.tileThreads;
  }

  /**
   * One thread of its own for preparation, so a pack being made never holds up a tile. Its young
   * generation is larger than a tile thread's and it ends when the preparation is over (decision
   * 0037): a pack keeps a cell's features alive while it cuts them, and under the portal's
   * `--heap-growing-percent=10` a smaller one collected its old generation every 0.2 s. Beside
   * other processes it is started with half as much (decision 0039): each of them may be preparing
   * too, and the portal's processes share one memory budget.
   */
  private preparers(): TileWorkerPool {
    this.prepareThread ??= new TileWorkerPool(1, { blobs: this.blobs.opening, cacheBytes: 16 * 1024 * 1024, nice: 15 }, 'tile-prepare', {
      semiSpaceMb: () => (this.liveProcesses() > 1 ? SHARED_PREPARE_SEMI_SPACE_MB : PREPARE_SEMI_SPACE_MB),
      idleMs: PREPARE_IDLE_MS,
    });
    return this.prepareThread;
  }

  private forgetTasks(gcId: number): void {
    this.taskGeneration++;
    this.loadingTasks.clear();
    for (const [taskId, entry] of this.tasks.entries()) if (entry.gcId === gcId) this.tasks.delete(taskId);
  }

  /** The chart set of this version; a newer version drops the geocontent's older tiles. */
  async chartSet(gcId: number, version: string, loadRows: (previous?: ChartSet) => Promise<MapChartRow[]>): Promise<ChartSet> {
    const known = this.sets.get(gcId);
    if (known?.version === version) return known;
    // The earlier version's set lets the rows' reader skip what has not changed (listMapCharts).
    const set = buildChartSet(gcId, version, await loadRows(known));
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

  /** Tile z/x/y of the set, made in a tile worker thread (the cells whose box touches it go with the task). */
  async vectorTile(set: ChartSet, z: number, x: number, y: number): Promise<TileBody> {
    return this.cached(tileKey(set, 'pbf', z, x, y), async () => {
      // Near the antimeridian the coverage wraps across it: every cell goes.
      const edge = x <= 0 || x >= 2 ** z - 1;
      const cells = edge ? set.cells : set.cells.filter((c) => bboxTouchesTile(c.bbox, z, x, y, 64));
      if (cells.length === 0) return null;
      const body = await this.workers().run<Uint8Array | null>({ op: 'vector', cells, z, x, y });
      return body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null;
    });
  }

  /**
   * Makes the cell's tile pack in the preparation thread and stores it, unless it is stored
   * already (decision 0031): its tiles are then cut by reading only the features near each.
   */
  async prepareCell(cell: MapCell): Promise<PreparedCell> {
    const prepared = await this.preparers().run<PreparedCell>({ op: 'prepare', cell });
    if (prepared.bytes > 0) this.warmThreadsOn([prepared.key]);
    return prepared;
  }

  /** S-102 tile z/x/y of the set (PNG), made in a tile thread from the grids whose box touches it. */
  async depthTile(set: ChartSet, z: number, x: number, y: number): Promise<TileBody> {
    return this.cached(tileKey(set, 'png', z, x, y), async () => {
      const grids = set.grids.filter((g) => bboxTouchesTile(g.bbox, z, x, y, 0));
      if (grids.length === 0) return null;
      const body = await this.workers().run<Uint8Array | null>({ op: 'depth', grids, z, x, y });
      return body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null;
    });
  }

  /**
   * Stores an S-102 grid's depths as they are drawn (`tiles/grids/v1/<key>.grid`), in the
   * preparation thread, so its tiles no longer open the HDF5 file (`CellTiles.prepareGrid`).
   */
  async prepareGrid(grid: MapGrid): Promise<PreparedCell> {
    return this.preparers().run<PreparedCell>({ op: 'prepareGrid', grid });
  }

  /** Makes and caches tiles (the warm job's starting view), one after another. */
  async warmVectorTiles(set: ChartSet, tiles: TileAddress[]): Promise<number> {
    for (const { z, x, y } of tiles) await this.vectorTile(set, z, x, y);
    return tiles.length;
  }

  /** A stored file as it is (a chart's companion text), not cached. */
  async readFile(key: string): Promise<Buffer> {
    return this.blobs.read(key);
  }

  /** Bytes the tile cache of this thread holds by its own estimate (for the benchmark and logs). */
  heldBytes(): { tiles: number } {
    return { tiles: this.tiles.calculatedSize };
  }

  /** A cached tile, or made once however many ask for it together. */
  private async cached(key: string, make: () => Promise<Buffer | null>): Promise<TileBody> {
    const hit = this.tiles.get(key);
    if (hit) return hit;
    let pending = this.making.get(key);
    if (!pending) {
      pending = make()
        .then((body) => {
          const made = { body };
          this.tiles.set(key, made);
          return made;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }
}

function tileKey(set: ChartSet, kind: string, z: number, x: number, y: number): string {
  return `${set.gcId}:${set.version}:${kind}:${z}/${x}/${y}`;
}
