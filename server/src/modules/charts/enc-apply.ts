import type { Db } from '../../db/client.js';
import { runTransaction } from '../../db/after-commit.js';
import type { EncUploadRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../audit/audit.repository.js';
import { tileWarmJobKind } from '../tiles/tile-warm.job.js';
import { queueMapPreparation } from '../tiles/map-preparation.repository.js';
import { queueCellsUpdated } from '../device-api/update-notices.job.js';
import type { EncPlan } from './enc-compare.js';
import {
  claimEncUpload,
  findChartsByName,
  findCollection,
  findEncUpload,
  markEncUploadApplied,
  releaseEncUpload,
  upsertChart,
  upsertCollection,
} from './charts.repository.js';

async function copyBlob(blobs: BlobStore, from: string, to: string): Promise<void> {
  await blobs.copy(from, to);
}

/** Where Apply copies an upload's files: keys of their own, so nothing else ever writes them. */
export function appliedKeysOf(upload: Pick<EncUploadRow, 'guid' | 'geocontentId' | 'plan'>): string[] {
  const plan = upload.plan as EncPlan;
  return [
    ...plan.cells.flatMap((cell) => cell.files.map((f) => `charts/${upload.geocontentId}/${cell.name}/${upload.guid}/${f.name}`)),
    ...plan.companions.map((f) => `charts/${upload.geocontentId}/companions/${upload.guid}/${f.name}`),
  ];
}

/**
 * Applies a staged upload. First the database picks the one winner (a conditional UPDATE to
 * `applying`); only the winner copies files, to keys named by this upload's guid. One transaction
 * then upserts the chart rows and marks the upload applied; only after it commits are the replaced
 * files and the staging folder removed, and then the tile warm queued. A failure removes the new
 * copies and reopens the upload.
 */
export async function applyEncPlan(opts: {
  db: Db;
  blobs: BlobStore;
  upload: EncUploadRow;
  processId: string;
  actor: Actor;
  ip: string | null;
}): Promise<void> {
  const { db, blobs, upload, processId } = opts;
  const claimed = await claimEncUpload(db, upload.id, processId);
  if (!claimed) {
    const now = await findEncUpload(db, upload.guid);
    // Reverted (and so deleted) since it was found: there is no upload to apply any more.
    if (!now) throw notFound('upload');
    throw now.state === 'applied'
      ? new AppError('upload_applied', 'This upload has already been applied')
      : new AppError('upload_applying', 'This upload is being applied');
  }
  const plan = claimed.plan as EncPlan;
  const gcId = claimed.geocontentId;
  const written: string[] = [];
  const cells: { name: string; keys: string[]; meta: EncPlan['cells'][number]['meta'] }[] = [];
  const companions: Record<string, string> = {};
  let replaced: string[] = [];
  try {
    for (const cell of plan.cells) {
      const keys: string[] = [];
      for (const file of cell.files) {
        const key = `charts/${gcId}/${cell.name}/${claimed.guid}/${file.name}`;
        await copyBlob(blobs, file.key, key);
        written.push(key);
        keys.push(key);
      }
      cells.push({ name: cell.name, keys, meta: cell.meta });
    }
    for (const file of plan.companions) {
      const key = `charts/${gcId}/companions/${claimed.guid}/${file.name}`;
      await copyBlob(blobs, file.key, key);
      written.push(key);
      companions[file.name] = key;
    }

    replaced = await runTransaction(db, async (tx) => {
      const existing = await findCollection(tx, gcId, 'enc');
      const oldCompanions = existing?.companionKeys ?? {};
      const collection = await upsertCollection(tx, {
        geocontentId: gcId,
        kind: 'enc',
        type: existing?.type ?? 's57',
        companionKeys: { ...oldCompanions, ...companions },
      });
      const before = await findChartsByName(
        tx,
        collection.id,
        cells.map((c) => c.name),
      );
      for (const cell of cells) {
        await upsertChart(tx, { collectionId: collection.id, name: cell.name, sourceType: 's57', blobKeys: cell.keys, meta: cell.meta });
      }
      if (!(await markEncUploadApplied(tx, claimed.id, processId))) throw new AppError('upload_applying', 'This upload is being applied');
      // The map of the new version is prepared in the background, a job per cell version not yet
      // ready: queued with the charts, so the jobs exist exactly when the apply has committed.
      await queueMapPreparation(tx, gcId);
      await queueCellsUpdated(tx, {
        geocontentId: gcId,
        cells: cells.flatMap((c) =>
          c.meta.edition === null ? [] : [{ name: c.name, edition: c.meta.edition, update: c.meta.update ?? 0 }],
        ),
      });
      await recordAudit(tx, {
        actor: opts.actor,
        action: 'chart.apply',
        geocontentId: gcId,
        subject: { guid: claimed.guid, charts: cells.map((c) => c.name) },
        ip: opts.ip,
      });
      const keep = new Set(cells.flatMap((c) => c.keys));
      return [
        ...before.flatMap((c) => c.blobKeys).filter((k) => !keep.has(k)),
        ...Object.keys(companions).flatMap((n) => oldCompanions[n] ?? []),
      ];
    });
  } catch (err) {
    await Promise.all(written.map((k) => blobs.delete(k)));
    await releaseEncUpload(db, claimed.id, processId);
    throw err;
  }
  const kept = new Set(written);
  await Promise.all(replaced.filter((k) => !kept.has(k)).map((k) => blobs.delete(k)));
  await blobs.deletePrefix(`staging/${claimed.guid}`);
  // The new version's starting view is drawn once the apply has let go of its own memory (removing
  // a large upload's staged files takes seconds): the warm does not add to it. Only a speed-up:
  // if the process stops before this, the tiles are made when first asked for.
  await enqueueJob(db, tileWarmJobKind, { gcId });
}
