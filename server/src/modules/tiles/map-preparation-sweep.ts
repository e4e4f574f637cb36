import type { Db } from '../../db/client.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { deleteOldCellStates, listCurrentMapKeys } from './map-preparation.repository.js';

/** Where prepared cell versions are stored: tile packs (decision 00XX) and S-102 depth grids. */
const PREPARED_AREAS = ['tiles/packs/v1/', 'tiles/grids/v1/'];

/**
 * Removes what was prepared for cell versions no geocontent shows any more (a new edition or
 * update, a removed chart or geocontent): their stored packs and grids and their status rows. The
 * blobs are listed before the current versions are read, so a version made current meanwhile is
 * read as current: only what was already old when listed is removed.
 */
export async function sweepOldPreparations(opts: { db: Db; blobs: BlobStore }): Promise<number> {
  const { db, blobs } = opts;
  const stored: string[] = [];
  for (const area of PREPARED_AREAS) stored.push(...(await blobs.list(area)));
  const current = new Set((await listCurrentMapKeys(db)).map((k) => k.replaceAll(':', '-')));
  let removed = 0;
  for (const key of stored) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    const stem = name.slice(0, name.lastIndexOf('.') < 0 ? name.length : name.lastIndexOf('.'));
    if (current.has(stem)) continue;
    await blobs.delete(key);
    removed += 1;
  }
  return removed + (await deleteOldCellStates(db));
}
