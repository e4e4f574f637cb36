import type { Db } from '../../db/client.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { deleteOldCellStates, listCurrentMapKeys, queueUnpreparedCells } from './map-preparation.repository.js';
import { depthGridKeyOf } from './s102-tile.js';
import { packKeyOf } from './tile-pack.js';

/** Where prepared cell versions are stored, every format version: tile packs (decision 0031) and S-102 depth grids. */
const PREPARED_AREAS = ['tiles/packs/', 'tiles/grids/'];

/**
 * Removes what was prepared for cell versions no geocontent shows any more (a new edition or
 * update, a removed chart or geocontent) or in a format no longer read: their stored packs and
 * grids and their status rows; then queues the preparation of current versions that have no
 * state and no job (`queueUnpreparedCells`). The blobs are listed before the current versions are read, so a
 * version made current meanwhile is read as current: only what was already old when listed goes.
 */
export async function sweepOldPreparations(opts: { db: Db; blobs: BlobStore }): Promise<number> {
  const { db, blobs } = opts;
  const stored: string[] = [];
  for (const area of PREPARED_AREAS) stored.push(...(await blobs.list(area)));
  const keep = new Set((await listCurrentMapKeys(db)).flatMap((key) => [packKeyOf({ key }), depthGridKeyOf(key)]));
  let removed = 0;
  for (const key of stored) {
    if (keep.has(key)) continue;
    await blobs.delete(key);
    removed += 1;
  }
  removed += await deleteOldCellStates(db);
  // Versions prepared in a pack format no longer read (their states removed by a migration) are
  // prepared again in the background; their tiles are answered meanwhile.
  await queueUnpreparedCells(db);
  return removed;
}
