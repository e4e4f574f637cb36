import type { Db } from '../../db/client.js';
import type { EncUploadRow } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { EncPlan } from './enc-compare.js';
import { findChartsByName, findCollection, lockEncUpload, setEncUploadState, upsertChart, upsertCollection } from './charts.repository.js';

async function copyBlob(blobs: BlobStore, from: string, to: string): Promise<void> {
  await blobs.put(to, blobs.get(from));
}

/**
 * Applies a staged upload: the files are first copied to new keys under `charts/<gcid>/`, then one
 * transaction upserts the chart rows; only after it commits are the replaced files and the staging
 * folder removed. A failure removes the new copies and leaves the collection as it was.
 */
export async function applyEncPlan(opts: { db: Db; blobs: BlobStore; upload: EncUploadRow }): Promise<void> {
  const { db, blobs, upload } = opts;
  const plan = upload.plan as EncPlan;
  const gcId = upload.geocontentId;
  const written: string[] = [];
  const cells: { name: string; keys: string[]; meta: EncPlan['cells'][number]['meta'] }[] = [];
  const companions: Record<string, string> = {};
  let replaced: string[] = [];
  try {
    for (const cell of plan.cells) {
      const keys: string[] = [];
      for (const file of cell.files) {
        const key = `charts/${gcId}/${cell.name}/${upload.guid}/${file.name}`;
        await copyBlob(blobs, file.key, key);
        written.push(key);
        keys.push(key);
      }
      cells.push({ name: cell.name, keys, meta: cell.meta });
    }
    for (const file of plan.companions) {
      const key = `charts/${gcId}/companions/${upload.guid}/${file.name}`;
      await copyBlob(blobs, file.key, key);
      written.push(key);
      companions[file.name] = key;
    }

    replaced = await db.transaction(async (tx) => {
      const locked = await lockEncUpload(tx, upload.id);
      if (!locked || locked.state === 'applied') throw conflict('This upload has already been applied');
      const existing = await findCollection(tx, gcId, 'enc');
      const oldCompanions = existing?.companionKeys ?? {};
      const collection = await upsertCollection(tx, {
        geocontentId: gcId,
        kind: 'enc',
        type: existing?.type ?? 's57',
        companionKeys: { ...oldCompanions, ...companions },
      });
      const before = await findChartsByName(tx, collection.id, cells.map((c) => c.name));
      for (const cell of cells) {
        await upsertChart(tx, { collectionId: collection.id, name: cell.name, sourceType: 's57', blobKeys: cell.keys, meta: cell.meta });
      }
      await setEncUploadState(tx, upload.id, 'applied');
      return [...before.flatMap((c) => c.blobKeys), ...Object.keys(companions).flatMap((n) => oldCompanions[n] ?? [])];
    });
  } catch (err) {
    await Promise.all(written.map((k) => blobs.delete(k)));
    throw err;
  }
  const kept = new Set(written);
  await Promise.all(replaced.filter((k) => !kept.has(k)).map((k) => blobs.delete(k)));
  await blobs.deletePrefix(`staging/${upload.guid}`);
}
