import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
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

/** The V8 flag `name` (dashes, or V8's underscores) as the process was started with it, or 0 when it was not given. */
function startFlag(name: string): number {
  const pattern = new RegExp(`^--${name.replace(/-/g, '[-_]')}=(\\d+)$`);
  const given = startArgs()
    .map((a) => pattern.exec(a))
    .find(Boolean);
  return given ? Number(given[1]) : 0;
}

/** The V8 switch `name` as the process was started with it: off with `--no-name`, else on (V8's default for the switches used here). */
function startSwitch(name: string): boolean {
  const pattern = new RegExp(`^--(no[-_]?)?${name.replace(/-/g, '[-_]')}$`);
  const given = startArgs()
    .map((a) => pattern.exec(a))
    .filter(Boolean)
    .at(-1);
  return !given?.[1];
}

function startArgs(): string[] {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
}

/**
 * The most a tile thread's semi-spaces grow to, in MB (its young generation is three times as
 * large; Node's own default): cutting a tile or making a pack allocates many short-lived arrays,
 * which a young generation this large lets die young instead of moving them to the old generation.
 */
const THREAD_SEMI_SPACE_MB = 16;

/** How a thread's V8 heap is made (`withThreadHeap`). */
export interface ThreadHeap {
  /** The most its semi-spaces grow to, in MB (from half as much). */
  semiSpaceMb: number;
  /** V8's memory reducer: collections that shrink the heap of an isolate gone idle. On when not given. */
  memoryReducer?: boolean;
}

let startingThreads = 0;
/** The heap flags set for the threads starting now. */
let starting: Required<ThreadHeap> = { semiSpaceMb: 0, memoryReducer: true };

/**
 * Starts `start()`'s thread with a heap of its own: semi-spaces of half `semiSpaceMb` growing to
 * `semiSpaceMb` under load (decision 0034), and without V8's memory reducer when asked (decision
 * 0038). V8 reads these flags when it makes an isolate's heap, and the semi-space ones win over a
 * worker's `resourceLimits`: `npm start`'s `--max-semi-space-size=4` (decision 0018, for the web
 * thread's memory) would otherwise give every tile thread the web thread's 4 MB, and under that
 * cap a tile thread spent about a fifth of its time collecting garbage. The flags are set for the
 * new isolates only, from before the thread is made until it runs (or fails), then given back the
 * process's own values; the web thread's heap, made at start, keeps its own.
 */
export function withThreadHeap(heap: ThreadHeap, start: () => Worker): Worker {
  const asked: Required<ThreadHeap> = { semiSpaceMb: heap.semiSpaceMb, memoryReducer: heap.memoryReducer ?? true };
  // Threads asking different heaps at once (a pool of tile threads starting as the preparation
  // thread does) all get the largest, and no memory reducer if one asks for none: the flags are
  // the process's until each thread has its heap.
  const first = startingThreads++ === 0;
  const merged: Required<ThreadHeap> = first
    ? asked
    : {
        semiSpaceMb: Math.max(starting.semiSpaceMb, asked.semiSpaceMb),
        memoryReducer: starting.memoryReducer && asked.memoryReducer,
      };
  if (first || merged.semiSpaceMb !== starting.semiSpaceMb || merged.memoryReducer !== starting.memoryReducer) {
    starting = merged;
    setFlagsFromString(
      `--max-semi-space-size=${merged.semiSpaceMb} --min-semi-space-size=${Math.max(1, merged.semiSpaceMb >> 1)} ${merged.memoryReducer ? '--memory-reducer' : '--no-memory-reducer'}`,
    );
  }
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    if (--startingThreads === 0) {
      setFlagsFromString(
        `--max-semi-space-size=${startFlag('max-semi-space-size')} --min-semi-space-size=${startFlag('min-semi-space-size')} ${startSwitch('memory-reducer') ? '--memory-reducer' : '--no-memory-reducer'}`,
      );
    }
  };
  let worker: Worker;
  try {
    worker = start();
  } catch (err) {
    settle();
    throw err;
  }
  worker.once('online', settle);
  worker.once('error', settle);
  worker.once('exit', settle);
  return worker;
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
  /** Ends the thread once it has had no task for `idleMs` (pools started with one). */
  idle: NodeJS.Timeout | null;
  /** The most its semi-spaces grow to, in MB, as it was started. */
  semiSpaceMb: number;
}

/** How a pool's threads are made and kept. */
export interface TilePoolOptions {
  /**
   * The most each thread's semi-spaces grow to, in MB (`withThreadHeap`); THREAD_SEMI_SPACE_MB when
   * not given. A function is asked whenever a task is given out: a thread without a task started
   * with another size is ended, and a new one started with the size asked now.
   */
  semiSpaceMb?: number | (() => number);
  /** A thread with no task for this long is ended, and its memory given back (a new one starts for the next task). */
  idleMs?: number;
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

interface Waiting {
  message: Record<string, unknown>;
  transfer: TransferListItem[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/**
 * A pool of tile worker threads, started when first needed. Tasks wait in one queue here and go,
 * in the order they came, each to the first thread that has none (a new thread while there are
 * fewer than `size`): a task never waits in one thread behind a long one (a pack made on demand,
 * a tile of a whole cell) while another thread is free. A thread that fails fails its task and
 * is replaced for the next.
 */
export class TileWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Waiting[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly data: TileWorkerData,
    private readonly name: string,
    private readonly options: TilePoolOptions = {},
  ) {}

  /** The ids of the threads running now. */
  get threadIds(): number[] {
    return this.slots.map((s) => s.worker.threadId);
  }

  run<T>(message: Record<string, unknown>, transfer: TransferListItem[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${this.name} workers are closed`));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ message, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Sends the message to every thread the pool may have (started now if they are not), past the queue. */
  broadcast<T>(message: Record<string, unknown>): Promise<T[]> {
    if (this.closed) return Promise.reject(new Error(`${this.name} workers are closed`));
    this.startAll();
    return Promise.all(this.slots.map((slot) => this.post<T>(slot, message, [])));
  }

  private post<T>(slot: Slot, message: Record<string, unknown>, transfer: TransferListItem[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.inflight.set(id, { resolve: resolve as (v: unknown) => void, reject });
      slot.worker.ref();
      slot.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private semiSpaceMb(): number {
    const { semiSpaceMb } = this.options;
    return (typeof semiSpaceMb === 'function' ? semiSpaceMb() : semiSpaceMb) ?? THREAD_SEMI_SPACE_MB;
  }

  /** Gives the waiting tasks, oldest first, to the threads that have none. */
  private dispatch(): void {
    const semiSpaceMb = this.semiSpaceMb();
    while (!this.closed && this.waiting.length > 0) {
      let slot = this.slots.find((s) => s.inflight.size === 0);
      if (slot && slot.semiSpaceMb !== semiSpaceMb) {
        this.retire(slot);
        slot = undefined;
      }
      slot ??= this.slots.length < this.size ? this.start(semiSpaceMb) : undefined;
      if (!slot) return;
      const task = this.waiting.shift()!;
      this.post(slot, task.message, task.transfer).then(task.resolve, task.reject);
    }
  }

  /** Arms the slot's idle timer when it has no task (a pool with `idleMs`). */
  private watchIdle(slot: Slot): void {
    const { idleMs } = this.options;
    if (idleMs === undefined || this.closed || slot.inflight.size > 0 || slot.idle || !this.slots.includes(slot)) return;
    slot.idle = setTimeout(() => {
      slot.idle = null;
      if (slot.inflight.size === 0) this.retire(slot);
    }, idleMs);
    slot.idle.unref();
  }

  /** Ends a thread that has no task: out of the pool first, so no task is given to it while it closes its files. */
  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    void this.end(slot);
  }

  /** Closes the thread's files (waited for a second at most) and terminates it. */
  private async end(slot: Slot): Promise<void> {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.post(slot, { op: 'close' }, []).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
    ]);
    clearTimeout(timer);
    await slot.worker.terminate();
  }

  /** Starts every thread the pool may have. */
  startAll(): void {
    while (!this.closed && this.slots.length < this.size) this.start(this.semiSpaceMb());
  }

  /** Tasks waiting here or in the threads. */
  get inflight(): number {
    return this.waiting.length + this.slots.reduce((n, s) => n + s.inflight.size, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error(`${this.name} workers are closed`));
    // Each thread closes its files first (a terminated thread runs no exit handler), waited for a
    // second at most: a thread in the middle of a long task is terminated all the same.
    await Promise.all(this.slots.splice(0).map((s) => this.end(s)));
  }

  private start(semiSpaceMb: number): Slot {
    const entry = workerEntry();
    // No memory reducer (decision 0038): its collections of a thread idle for 100 s let go of the
    // maps and objects the thread's optimised code was made for, and V8 threw that code away; the
    // first hundred tiles after a pause were then cut by code being optimised again.
    const worker = withThreadHeap(
      { semiSpaceMb, memoryReducer: false },
      () =>
        new Worker(entry.code, {
          eval: entry.eval,
          workerData: this.data,
          name: this.name,
          // Under the test runner the sources import the packages by their source condition.
          ...(entry.eval ? { execArgv: ['--conditions=@chartroom/source'] } : {}),
        }),
    );
    const slot: Slot = { worker, inflight: new Map(), idle: null, semiSpaceMb };
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const task = slot.inflight.get(answer.id);
      if (!task) return;
      slot.inflight.delete(answer.id);
      if (slot.inflight.size === 0) worker.unref();
      if (answer.ok) task.resolve(answer.value);
      else task.reject(new Error(answer.error ?? 'tile worker failed'));
      this.dispatch();
      this.watchIdle(slot);
    });
    const fail = (err: Error) => {
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const task of slot.inflight.values()) task.reject(err);
      slot.inflight.clear();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.name} worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
