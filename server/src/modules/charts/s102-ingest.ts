import { randomUUID } from 'node:crypto';
import { readS102, renderS102Png, S102Error, type S102Dataset } from '@chartroom/s102';
import type { Db } from '../../db/client.js';
import { runTransaction } from '../../db/after-commit.js';
import { queueMapPreparation } from '../tiles/map-preparation.repository.js';
import type { ChartDbRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
import { formatIsoDate, type CellMeta } from './cell-meta.js';
import { findChartsByName, upsertChart, upsertCollection } from './charts.repository.js';

const stemOf = (fileName: string) => fileName.replace(/\.[^.]*$/, '');

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The list columns S-102 metadata can fill; it has no edition, update, scale or band. */
function describeGrid(ds: S102Dataset): CellMeta {
  const depth = ds.depth ? `, depths ${ds.depth.min.toFixed(1)} to ${ds.depth.max.toFixed(1)} m` : '';
  return {
    edition: null,
    update: null,
    releaseDate: formatIsoDate(ds.issueDate),
    scale: null,
    band: null,
    description: `${ds.productSpecification ?? 'S-102'}${depth}`,
    depthRange: ds.depth ? [round1(ds.depth.min), round1(ds.depth.max)] : null,
    bbox: ds.bbox ? [ds.bbox[0], ds.bbox[1], ds.bbox[2], ds.bbox[3]] : null,
    coverage: null,
  };
}

/**
 * Reads each uploaded grid (a file that is not S-102 refuses the whole upload), renders its depth
 * preview, and stores grid + preview under `s102/<gcid>/`; one transaction writes the rows.
 */
export async function ingestS102(opts: { db: Db; blobs: BlobStore; gcId: number; uploads: StoredUpload[] }): Promise<ChartDbRow[]> {
  const { db, blobs, gcId, uploads } = opts;
  const prepared: { name: string; keys: string[]; meta: CellMeta }[] = [];
  const written: string[] = [];
  try {
    for (const upload of uploads) {
      let ds: S102Dataset;
      let where = '';
      try {
        // h5wasm opens files by path: the store lends one (a temporary copy when on S3).
        ds = await blobs.withFile(upload.key, (path) => {
          where = path;
          return readS102(path);
        });
      } catch (err) {
        // A damaged file (a flipped bit) can fail deep inside the HDF5 library: still the upload's fault.
        const message = err instanceof Error ? err.message : String(err);
        const reason = where ? message.replaceAll(where, upload.filename) : message;
        const what = err instanceof S102Error ? 'is not a readable S-102 file' : 'is damaged or not S-102';
        throw new AppError('unsupported_file', `${upload.filename} ${what}: ${reason}`, {
          params: { file: upload.filename, reason: 'not_s102' },
        });
      }
      if (ds.issues.length > 0) {
        // The S-158:102 checks the reader makes: a grid that fails them is refused with each finding.
        throw new AppError('unsupported_file', `${upload.filename} fails the S-158 checks: ${ds.issues.join('; ')}`, {
          params: { file: upload.filename, reason: 's158' },
          // Each finding as the reader words it (HDF5 names and values, as in the S-158 report).
          details: ds.issues.map((issue) => ({ path: 'body.files', message: issue, code: 's158', params: { file: upload.filename } })),
        });
      }
      const name = stemOf(upload.filename);
      const folder = `s102/${gcId}/${name}/${randomUUID()}`;
      const gridKey = `${folder}/${upload.filename}`;
      const previewKey = `${folder}/preview.png`;
      await blobs.copy(upload.key, gridKey);
      written.push(gridKey);
      await blobs.put(previewKey, renderS102Png(ds));
      written.push(previewKey);
      prepared.push({ name, keys: [gridKey, previewKey], meta: describeGrid(ds) });
    }
    const { rows, replaced } = await runTransaction(db, async (tx) => {
      const collection = await upsertCollection(tx, { geocontentId: gcId, kind: 's102', type: 's102' });
      const before = await findChartsByName(
        tx,
        collection.id,
        prepared.map((p) => p.name),
      );
      const saved: ChartDbRow[] = [];
      for (const p of prepared)
        saved.push(
          await upsertChart(tx, { collectionId: collection.id, name: p.name, sourceType: 's102', blobKeys: p.keys, meta: p.meta }),
        );
      // The grids' depths are stored ready to draw in the background once this commits.
      await queueMapPreparation(tx, gcId);
      return { rows: saved, replaced: before.flatMap((b) => b.blobKeys) };
    });
    await Promise.all(replaced.map((k) => blobs.delete(k)));
    return rows;
  } catch (err) {
    await Promise.all(written.map((k) => blobs.delete(k)));
    throw err;
  }
}
