import { indexCell, scanS57, type CellIndex, type ScannedS57 } from '@chartroom/s57';
import { readExchangeSetFrom } from '@chartroom/s63';
import type { S63CellStatus, S63CellWarning } from '@chartroom/contracts/charts';
import { runTransaction } from '../../db/after-commit.js';
import type { JobHandler } from '../../jobs/runner.js';
import { BlobBuffers } from '../../storage/blob-buffers.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { openBlobZipSource } from '../../storage/blob-zip-source.js';
import type { UnzipLimits } from '../../storage/zip-unpack.js';
import { describeCell, type CellMeta } from './cell-meta.js';
import { queueMapPreparation } from '../tiles/map-preparation.repository.js';
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
  /** S-63 warnings of a converted cell (SSE 20, SSE 25): converted, but the provider must know. */
  warnings: S63CellWarning[];
}

/** A decrypted cell file, already in the blob store. */
interface StoredFile {
  name: string;
  update: number;
  key: string;
}

interface ConvertedCell {
  name: string;
  keys: string[];
  meta: CellMeta;
}

const fileName = (name: string, update: number) => `${name}.${String(update).padStart(3, '0')}`;

/**
 * Reads one decrypted cell with its updates back from the blob store (one cell in memory at a
 * time, checked as `readS57` checks it but kept as its record index only); a cell whose S-57
 * cannot be read is reported corrupt.
 */
async function buildCell(bytes: BlobBuffers, files: StoredFile[], outcomes: CellOutcome[]): Promise<CellIndex | null> {
  try {
    // One after another: a read still running when another failed would fill a buffer taken back.
    const scanned: ScannedS57[] = [];
    for (const f of files) scanned.push(scanS57(await bytes.read(f.key), { fileName: fileName(f.name, f.update) }).checkRecords());
    const [base, ...updates] = scanned;
    if (!base || files[0]!.update !== 0) throw new Error(`the base cell ${files[0]!.name}.000 is not in the exchange set`);
    return indexCell(base, updates);
  } catch (err) {
    for (const o of outcomes) {
      if (o.name === files[0]!.name)
        Object.assign(o, {
          status: 'corrupt',
          reason: `decrypted, but not readable S-57: ${err instanceof Error ? err.message : String(err)}`,
        });
    }
    return null;
  }
}

/**
 * Decrypts an uploaded exchange set with packages/s63 and makes its cells the geocontent's ENC
 * collection (`type` s63). The job is idempotent: a retry writes the same keys and rows again.
 */
export function s63ConversionJob(blobs: BlobStore, limits: UnzipLimits): JobHandler {
  return async (payload, { db, log }) => {
    const { conversionId, deviceKey } = payload as S63ConversionPayload;
    const conversion = await findConversion(db, conversionId);
    if (!conversion) return { skipped: 'conversion deleted' };
    // The zip is read from the store one entry at a time (range reads) and each decrypted file goes straight to the
    // blob store, so the job's memory does not grow with the exchange set.
    const stored = new Map<string, StoredFile[]>();
    const written: string[] = [];
    let outcomes: CellOutcome[];
    const converted: ConvertedCell[] = [];
    try {
      const set = await readExchangeSetFrom(await openBlobZipSource(blobs, conversion.zipKey), {
        hwId: deviceKey,
        limits: {
          maxEntries: limits.maxEntries,
          maxEntrySize: limits.maxEntryBytes,
          maxTotalSize: limits.maxTotalBytes,
          maxRatio: limits.maxRatio,
        },
        onCell: async (cell) => {
          if (cell.status !== 'decrypted' || !cell.data) return;
          const key = `charts/${conversion.geocontentId}/${cell.name}/s63-${conversion.id}/${fileName(cell.name, cell.update)}`;
          written.push(key);
          // Written whole before onCell returns: the next cell is decrypted into the same buffer.
          await blobs.put(key, cell.data);
          stored.set(cell.name, [...(stored.get(cell.name) ?? []), { name: cell.name, update: cell.update, key }]);
        },
      });
      outcomes = set.cells.map((c) => ({
        name: c.name,
        update: c.update,
        status: c.status,
        reason: c.reason ?? null,
        warnings: c.warnings ?? [],
      }));
      // The cells' bytes go through a few buffers used again, cell after cell.
      const bytes = new BlobBuffers(blobs);
      for (const [name, unsorted] of stored) {
        const files = [...unsorted].sort((a, b) => a.update - b.update);
        try {
          const ds = await buildCell(bytes, files, outcomes);
          if (ds) converted.push({ name, keys: files.map((f) => f.key), meta: describeCell(ds) });
          else await Promise.all(files.map((f) => blobs.delete(f.key)));
        } finally {
          bytes.releaseAll();
        }
      }
    } catch (err) {
      // Nothing half-written stays behind: a retry writes the same keys again.
      await Promise.all(written.map((k) => blobs.delete(k)));
      throw err;
    }

    if (converted.length === 0) {
      await setConversionCells(db, conversion.id, outcomes);
      return { decrypted: 0 };
    }
    const replaced = await runTransaction(db, async (tx) => {
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
      // The converted cells' map is prepared in the background once this commits.
      await queueMapPreparation(tx, conversion.geocontentId);
      return old.flatMap((o) => o.blobKeys);
    });
    const kept = new Set(converted.flatMap((c) => c.keys));
    await Promise.all(replaced.filter((k) => !kept.has(k)).map((k) => blobs.delete(k)));
    log.info({ conversionId, cells: converted.length }, 'S-63 exchange set converted');
    return { decrypted: converted.length };
  };
}
