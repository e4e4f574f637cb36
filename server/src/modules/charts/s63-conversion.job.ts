import { applyUpdates, readS57, type S57Dataset } from '@chartroom/s57';
import { readExchangeSet, type ExchangeSetCell } from '@chartroom/s63';
import type { S63CellStatus } from '@chartroom/contracts/charts';
import type { JobHandler } from '../../jobs/runner.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { describeCell, type CellMeta } from './cell-meta.js';
import { deleteChartsOfCollection, findConversion, setConversionCells, upsertChart, upsertCollection } from './charts.repository.js';

export const s63ConversionJobKind = 'charts.s63-conversion';

export interface S63ConversionPayload {
  conversionId: number;
  /** The HW_ID the exchange set's permits were issued for. */
  deviceKey: string;
}

interface CellOutcome {
  name: string;
  update: number;
  status: S63CellStatus;
  reason: string | null;
}

interface ConvertedCell {
  name: string;
  keys: string[];
  meta: CellMeta;
}

/** Reads one decrypted cell with its updates; a cell whose S-57 cannot be read is reported corrupt. */
function buildCell(files: ExchangeSetCell[], outcomes: CellOutcome[]): S57Dataset | null {
  const sorted = [...files].sort((a, b) => a.update - b.update);
  try {
    const [base, ...updates] = sorted.map((c) => readS57(c.data!, { fileName: `${c.name}.${String(c.update).padStart(3, '0')}` }));
    if (!base || sorted[0]!.update !== 0) throw new Error(`the base cell ${sorted[0]!.name}.000 is not in the exchange set`);
    return updates.length > 0 ? applyUpdates(base, updates) : base;
  } catch (err) {
    for (const o of outcomes) {
      if (o.name === sorted[0]!.name) Object.assign(o, { status: 'corrupt', reason: `decrypted, but not readable S-57: ${err instanceof Error ? err.message : String(err)}` });
    }
    return null;
  }
}

/**
 * Decrypts an uploaded exchange set with packages/s63 and makes its cells the geocontent's ENC
 * collection (`type` s63). The job is idempotent: a retry writes the same keys and rows again.
 */
export function s63ConversionJob(blobs: BlobStore): JobHandler {
  return async (payload, { db, log }) => {
    const { conversionId, deviceKey } = payload as S63ConversionPayload;
    const conversion = await findConversion(db, conversionId);
    if (!conversion) return { skipped: 'conversion deleted' };
    const set = readExchangeSet(await blobs.read(conversion.zipKey), { hwId: deviceKey });
    const outcomes: CellOutcome[] = set.cells.map((c) => ({ name: c.name, update: c.update, status: c.status, reason: c.reason ?? null }));

    const byName = new Map<string, ExchangeSetCell[]>();
    for (const c of set.cells) if (c.status === 'decrypted' && c.data) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    const converted: ConvertedCell[] = [];
    for (const [name, files] of byName) {
      const ds = buildCell(files, outcomes);
      if (!ds) continue;
      const keys: string[] = [];
      for (const f of [...files].sort((a, b) => a.update - b.update)) {
        const key = `charts/${conversion.geocontentId}/${name}/s63-${conversion.id}/${name}.${String(f.update).padStart(3, '0')}`;
        await blobs.put(key, f.data!);
        keys.push(key);
      }
      converted.push({ name, keys, meta: describeCell(ds) });
    }

    if (converted.length === 0) {
      await setConversionCells(db, conversion.id, outcomes);
      return { decrypted: 0 };
    }
    const replaced = await db.transaction(async (tx) => {
      const collection = await upsertCollection(tx, {
        geocontentId: conversion.geocontentId,
        kind: 'enc',
        type: 's63',
        metaInfo: { ZipFileName: conversion.zipFileName, Timestamp: new Date().toISOString() },
      });
      const old = await deleteChartsOfCollection(tx, collection.id);
      for (const cell of converted) {
        await upsertChart(tx, { collectionId: collection.id, name: cell.name, sourceType: 's63', blobKeys: cell.keys, meta: cell.meta });
      }
      await setConversionCells(tx, conversion.id, outcomes);
      return old.flatMap((o) => o.blobKeys);
    });
    const kept = new Set(converted.flatMap((c) => c.keys));
    await Promise.all(replaced.filter((k) => !kept.has(k)).map((k) => blobs.delete(k)));
    log.info({ conversionId, cells: converted.length }, 'S-63 exchange set converted');
    return { decrypted: converted.length };
  };
}
