import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { buildDemoHarbourCell, getCellInfo, readCellIndex } from '@chartroom/s57';
import { openBlobStoreAt } from '../../storage/open-blob-store.js';
import { tileFeaturesNear } from './cell-tile-index.js';
import { encodeTilePack } from './tile-pack.js';
import { memoryPackRead, TilePack } from './tile-pack-reader.js';
import { tileRange } from './tile-geometry.js';
import { makeVectorTile } from './vector-tile.js';
import type { MapCell, MapGrid } from './chart-set.js';
import { CellTiles } from './cell-tiles.js';
import type { TileWorkerData, WorkerAnswer } from './tile-workers.js';

// A tile worker thread (tile-workers.ts): makes vector and S-102 tiles, cells' tile packs and
// S-102 grids from the blob store, one task at a time as they come, answering each by its id.

type Task =
  | { id: number; op: 'vector'; cells: MapCell[]; z: number; x: number; y: number }
  | { id: number; op: 'depth'; grids: MapGrid[]; z: number; x: number; y: number }
  | { id: number; op: 'prepare'; cell: MapCell }
  | { id: number; op: 'prepareGrid'; grid: MapGrid }
  | { id: number; op: 'warm'; packKeys: string[] }
  | { id: number; op: 'close' };

/** Tiles of a real cell made by the warm-up on its pack (about 2 s of a thread, once). */
const WARM_UP_TILES = 400;

/** A buffer of its own to hand over (zlib's and the PNG encoder's may be slices of a shared one). */
function own(made: Uint8Array | null): { value: Uint8Array | null; transfer: ArrayBuffer[] } {
  if (!made) return { value: null, transfer: [] };
  const body = new Uint8Array(made.length);
  body.set(made);
  return { value: body, transfer: [body.buffer] };
}

const data = workerData as TileWorkerData;
// Linux gives each thread an id of its own, which setpriority takes; elsewhere the thread keeps
// the process's priority.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, data.nice);
} catch {
  // not Linux, or not allowed: the same priority as the web thread
}
const blobs = await openBlobStoreAt(data.blobs);
const tiles = new CellTiles(blobs, data.cacheBytes);
const port = parentPort!;

/**
 * Bytes of short-lived objects a tile thread makes four times a second (decision 0038), so that V8
 * never sees its allocation rate as low. V8 measures that rate over its last ten collections; once
 * a thread has paused for a few seconds the measure is under 1 MB a second, and each scavenge until
 * ten more have passed gives back the semi-space it copied from: the next fills fresh pages again,
 * one fault for each 4 kB. After a pause each of a map's first dozen scavenges took 13–47 ms
 * instead of 1–2, and its first hundred cold tiles twice as long.
 */
const STEADY_ALLOCATION_BYTES = 512 * 1024;
/** What the last round made, kept until the next: not optimised away. */
export let steadyAllocation: unknown = null;
setInterval(() => {
  // Arrays of 8,192 empty slots, 64 kB each (under V8's largest object of a young generation's
  // page): a few allocations a second, no work to speak of.
  const made: unknown[][] = [];
  for (let i = 0; i < STEADY_ALLOCATION_BYTES / 65536; i++) made.push(new Array(8192));
  steadyAllocation = made;
}, 250).unref();
// Tasks posted meanwhile wait in the port until the listener below is added. A warm-up that fails
// only leaves the thread cold.
if (data.warm) await warmUp().catch(() => undefined);

/**
 * Packs the built-in demo cell in memory and makes its tiles from zoom 7 to 18 (about 0.3 s), so
 * that V8 has optimised the pack reader, the cut, the validity check and the MVT writer before the
 * first real tile: the first hundreds of tiles of a fresh thread otherwise cost 2–3 times as much.
 */
async function warmUp(): Promise<void> {
  const ds = readCellIndex(buildDemoHarbourCell(), []);
  const bytes = encodeTilePack(tileFeaturesNear(ds, { cell: 'XX5DEMO1', band: 5, edition: 1, update: 0 }));
  const pack = bytes ? await TilePack.open(memoryPackRead(bytes)) : null;
  const bbox = getCellInfo(ds).bbox;
  if (!pack || !bbox) return;
  const cell = { name: 'XX5DEMO1', band: 5, edition: 1, issueDate: null, coverage: null, bbox };
  for (let round = 0; round < 3; round++) {
    for (let z = 7; z <= 18; z++) {
      const r = tileRange(bbox, z);
      for (let x = r.x0; x <= Math.min(r.x1, r.x0 + 3); x++) {
        for (let y = r.y0; y <= Math.min(r.y1, r.y0 + 3); y++) {
          const raw = await makeVectorTile({ cells: [cell as MapCell], coverage: [] }, z, x, y, () => pack.tileFeatures(z, x, y));
          if (raw) gzipSync(raw);
        }
      }
    }
  }
}

// Tasks being made; the warm-up on a real pack waits while there are any.
let active = 0;
let resumeWarmUp: (() => void) | null = null;
/** Resolves once no task is being made, after the messages waiting have been taken. */
const idle = () =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      if (active === 0) resolve();
      else resumeWarmUp = resolve;
    }),
  );
/** Tiles made so far by warm-ups on stored packs, and whether one is running. */
let warmMade = 0;
let warming = false;

port.on('message', (task: Task) => {
  if (task.op === 'close') {
    // The pool terminates the thread next, which runs no exit handler: the files it keeps open
    // for reading packs (`openRanges`) are closed now.
    blobs.close().then(
      () => port.postMessage({ id: task.id, ok: true, value: null } satisfies WorkerAnswer),
      () => port.postMessage({ id: task.id, ok: true, value: null } satisfies WorkerAnswer),
    );
    return;
  }
  if (task.op === 'warm') {
    // Answered at once, with whether the thread has made its warm-up tiles; they are made between
    // the thread's tasks (decision 0034), on the packs of later calls until there are enough
    // (decision 0038).
    if (!warming && warmMade < WARM_UP_TILES) {
      warming = true;
      tiles
        .warmUp(task.packKeys, WARM_UP_TILES - warmMade, idle)
        .then(
          (made) => (warmMade += made),
          () => undefined,
        )
        .finally(() => (warming = false));
    }
    port.postMessage({ id: task.id, ok: true, value: warmMade >= WARM_UP_TILES } satisfies WorkerAnswer);
    return;
  }
  active++;
  const run = async (): Promise<{ value: unknown; transfer: ArrayBuffer[] }> => {
    switch (task.op) {
      case 'vector':
        return own(await tiles.vectorTile(task.cells, task.z, task.x, task.y));
      case 'depth':
        return own(await tiles.depthTile(task.grids, task.z, task.x, task.y));
      case 'prepare':
        return { value: await tiles.prepare(task.cell), transfer: [] };
      default:
        return { value: await tiles.prepareGrid(task.grid), transfer: [] };
    }
  };
  const done = () => {
    if (--active === 0 && resumeWarmUp) {
      const resume = resumeWarmUp;
      resumeWarmUp = null;
      resume();
    }
  };
  run().then(
    ({ value, transfer }) => {
      done();
      port.postMessage({ id: task.id, ok: true, value } satisfies WorkerAnswer, transfer);
    },
    (err: unknown) => {
      done();
      port.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer);
    },
  );
});
