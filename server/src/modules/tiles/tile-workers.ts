import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { BlobStoreOpening } from '../../storage/open-blob-store.js';

// Threads that make tiles and tile packs (decision 0031), so the web process's event loop only
// routes: reading a cell, cutting and encoding a tile all happen in a worker thread.

/** What a tile worker is started with. */
export interface TileWorkerData {
  blobs: BlobStoreOpening;
  /** Bytes of opened packs' tables and packs made on demand a worker keeps. */
  cacheBytes: number;
  /**
   * The thread's niceness (Linux schedules each thread on its own): above the web thread's, so
   * that a busy map or a preparation never keeps the API waiting for a core.
   */
  nice: number;
  /** Cuts the demo cell's tiles before taking tasks, so that the first tiles run optimised code. */
  warm?: boolean;
}

export interface WorkerAnswer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

interface Slot {
  worker: Worker;
  inflight: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
}

/**
 * The worker module: the built one beside this file, or under the test runner (sources, no build)
 * the TypeScript source through tsx, registered in the thread before the module is loaded.
 */
function workerEntry(): { code: string | URL; eval: boolean } {
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts')) return { code: new URL('./tile-worker.js', here), eval: false };
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = new URL('./tile-worker.ts', here).href;
  return {
    code: `import(${JSON.stringify(`file://${tsx}`)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}

/**
 * Threads for tiles by default: the cores less one for the web process, at least two (a tile whose
 * cell is being packed on demand then holds up one thread, not every tile), at most four.
 */
export function defaultTileThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism() - 1));
}

/**
 * A pool of tile worker threads, started when first needed: each task goes to the thread with
 * the fewest in flight (a new thread while there are fewer than `size`). A thread that fails
 * fails its tasks and is replaced by the next task.
 */
export class TileWorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly data: TileWorkerData,
    private readonly name: string,
  ) {}

  run<T>(message: Record<string, unknown>, transfer: TransferListItem[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${this.name} workers are closed`));
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      slot.inflight.set(id, { resolve: resolve as (v: unknown) => void, reject });
      slot.worker.ref();
      slot.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Starts every thread the pool may have. */
  startAll(): void {
    while (!this.closed && this.slots.length < this.size) this.start();
  }

  /** Tasks waiting or running in the threads. */
  get inflight(): number {
    return this.slots.reduce((n, s) => n + s.inflight.size, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private pick(): Slot {
    let best: Slot | null = null;
    for (const s of this.slots) if (!best || s.inflight.size < best.inflight.size) best = s;
    if (best && (best.inflight.size === 0 || this.slots.length >= this.size)) return best;
    return this.start();
  }

  private start(): Slot {
    const entry = workerEntry();
    const worker = new Worker(entry.code, {
      eval: entry.eval,
      workerData: this.data,
      name: this.name,
      // Cutting a tile allocates many short-lived arrays: a young generation larger than the web
      // thread's (4 MB semi-spaces, decision 0018) collects them less often (US4MD81M's z10–z11
      // tiles: p95 about 15 % lower), at up to 32 MB a thread.
      resourceLimits: { maxYoungGenerationSizeMb: 32 },
      // Under the test runner the sources import the packages by their source condition.
      ...(entry.eval ? { execArgv: ['--conditions=@chartroom/source'] } : {}),
    });
    const slot: Slot = { worker, inflight: new Map() };
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const task = slot.inflight.get(answer.id);
      if (!task) return;
      slot.inflight.delete(answer.id);
      if (slot.inflight.size === 0) worker.unref();
      if (answer.ok) task.resolve(answer.value);
      else task.reject(new Error(answer.error ?? 'tile worker failed'));
    });
    const fail = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const task of slot.inflight.values()) task.reject(err);
      slot.inflight.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.name} worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
