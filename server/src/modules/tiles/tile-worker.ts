import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openBlobStoreAt } from '../../storage/open-blob-store.js';
import type { MapCell, MapGrid } from './chart-set.js';
import { CellTiles } from './cell-tiles.js';
import type { TileWorkerData, WorkerAnswer } from './tile-workers.js';

// A tile worker thread (tile-workers.ts): makes vector and S-102 tiles, cells' tile packs and
// S-102 grids from the blob store, one task at a time as they come, answering each by its id.

type Task =
  | { id: number; op: 'vector'; cells: MapCell[]; z: number; x: number; y: number }
  | { id: number; op: 'depth'; grids: MapGrid[]; z: number; x: number; y: number }
  | { id: number; op: 'prepare'; cell: MapCell }
  | { id: number; op: 'prepareGrid'; grid: MapGrid };

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
const tiles = new CellTiles(await openBlobStoreAt(data.blobs), data.cacheBytes);
const port = parentPort!;

port.on('message', (task: Task) => {
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
  run().then(
    ({ value, transfer }) => port.postMessage({ id: task.id, ok: true, value } satisfies WorkerAnswer, transfer),
    (err: unknown) =>
      port.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer),
  );
});
