import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ProcessRegistry } from '../../jobs/process-registry.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sweepOldPreparations } from '../tiles/map-preparation-sweep.js';
import { appliedKeysOf } from './enc-apply.js';
import {
  deleteAbandonedReservations,
  deleteExpiredEncUploads,
  listConversionZipKeys,
  listEncUploadGuids,
  reopenAbandonedEncUploads,
} from './charts.repository.js';

export interface SweepReport {
  partFiles: number;
  orphanFolders: number;
  expiredUploads: number;
  reopenedUploads: number;
  /** Stored tile packs, depth grids and status rows of cell versions no geocontent shows any more. */
  oldPreparations: number;
}

/**
 * Removes the upload folders under `area` (staging/, s63/) that no database row knows: emptied by
 * the partial-file sweep (a crash mid-upload), or older than any request can last.
 */
async function removeOrphanFolders(blobs: BlobStore, area: string, known: Set<string>, olderThan: number): Promise<number> {
  let removed = 0;
  for (const folder of await blobs.listFolders(area)) {
    if (known.has(folder.name)) continue;
    if (folder.lastModifiedMs < olderThan || folder.isEmpty) {
      await blobs.deletePrefix(`${area}/${folder.name}`);
      removed += 1;
    }
  }
  return removed;
}

/**
 * What a crash (kill -9) or neglect leaves behind, cleaned at start and then now and again:
 * partial files of gone processes; uploads left `applying` by a gone process (reopened, their
 * half-made copies removed, so Apply can run again); staged uploads past their expiry; upload
 * folders no row knows; and the map preparations of replaced cell versions (decision 0032).
 */
export async function sweepUploads(opts: {
  db: Db;
  blobs: BlobStore;
  processes: ProcessRegistry;
  requestTimeoutMs: number;
  log: FastifyBaseLogger;
}): Promise<SweepReport> {
  const { db, blobs } = opts;
  const live = await opts.processes.listLive();
  const olderThan = Date.now() - opts.requestTimeoutMs;
  const partFiles = await blobs.removeDeadPartials(new Set(live), olderThan);

  const reopened = await reopenAbandonedEncUploads(db, live);
  for (const upload of reopened) await Promise.all(appliedKeysOf(upload).map((k) => blobs.delete(k)));
  const expired = [...(await deleteExpiredEncUploads(db)), ...(await deleteAbandonedReservations(db, live))];
  for (const upload of expired) await blobs.deletePrefix(`staging/${upload.guid}`);

  const guids = new Set(await listEncUploadGuids(db));
  const zips = new Set((await listConversionZipKeys(db)).map((k) => k.split('/')[1] ?? ''));
  const orphanFolders =
    (await removeOrphanFolders(blobs, 'staging', guids, olderThan)) + (await removeOrphanFolders(blobs, 's63', zips, olderThan));
  // Only room is at stake: a failure here leaves the rest of the sweep's report as it is.
  const oldPreparations = await sweepOldPreparations({ db, blobs }).catch((err: unknown) => {
    opts.log.warn({ err }, 'could not remove the map preparations of replaced cells');
    return 0;
  });
  const report = { partFiles, orphanFolders, expiredUploads: expired.length, reopenedUploads: reopened.length, oldPreparations };
  if (Object.values(report).some((n) => n > 0)) opts.log.info(report, 'upload sweep removed what was left behind');
  return report;
}
