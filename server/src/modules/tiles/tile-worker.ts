import { parentPort, workerData } from 'node:worker_threads';
import { openBlobStoreAt } from '../../storage/open-blob-store.js';
import type { MapCell } from './chart-set.js';
import { CellTiles } from './cell-tiles.js';
import type { TileWorkerData, WorkerAnswer } from './tile-workers.js';

// A tile worker thread (tile-workers.ts): makes vector tiles and cells' tile packs from the blob
// store, one task at a time as they come, answering each by its id.

type Task = { id: number; op: 'vector'; cells: MapCell[]; z: number; x: number; y: number } | { id: number; op: 'prepare'; cell: MapCell };

const data = workerData as TileWorkerData;
const tiles = new CellTiles(await openBlobStoreAt(data.blobs), data.cacheBytes);
const port = parentPort!;

port.on('message', (task: Task) => {
  const run = async (): Promise<{ value: unknown; transfer: ArrayBuffer[] }> => {
    if (task.op === 'vector') {
      const made = await tiles.vectorTile(task.cells, task.z, task.x, task.y);
      if (!made) return { value: null, transfer: [] };
      // A buffer of its own to hand over (zlib's may be a slice of a shared one).
      const body = new Uint8Array(made.length);
      body.set(made);
      return { value: body, transfer: [body.buffer] };
    }
    return { value: await tiles.prepare(task.cell), transfer: [] };
  };
  run().then(
    ({ value, transfer }) => port.postMessage({ id: task.id, ok: true, value } satisfies WorkerAnswer, transfer),
    (err: unknown) =>
      port.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerAnswer),
  );
});
