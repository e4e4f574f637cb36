import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { newUploadId } from '../../storage/uploads.js';
import { findProviderByOwner, listGeocontents } from '../providers/providers.repository.js';
import { findChartOfGeocontents } from './charts.repository.js';
import { ingestS102 } from './s102-ingest.js';
import { receiveForGeocontent, type ChartDeps } from './chart-uploads.js';
import { toChartRow } from './charts.service.js';

// S-102 bathymetry: grids ingested with their depth previews.

/** adds102: grids with their depth previews. */
export async function uploadS102(opts: { deps: ChartDeps; actor: Actor; request: FastifyRequest }) {
  const { deps, actor } = opts;
  const staging = `staging/${newUploadId()}`;
  const received = await receiveForGeocontent(deps, opts.request, actor, {
    staging,
    maxFileBytes: deps.maxUploadBytes,
    gcField: 'gcid',
    check: (r) => {
      if (r.files.length === 0)
        throw new AppError('validation', 'Choose the S-102 files to upload', [
          { path: 'body.files', message: 'required', code: 'required' },
        ]);
    },
  });
  try {
    const rows = await ingestS102({ db: deps.db, blobs: deps.blobs, gcId: received.gcId, uploads: received.files });
    return { charts: rows.map((r) => toChartRow({ ...r, fileCount: r.blobKeys.length }, 's102')) };
  } finally {
    await deps.blobs.deletePrefix(staging);
  }
}

/** The depth preview PNG of one of the actor's S-102 grids. */
export async function openS102Preview(opts: { db: Db; blobs: BlobStore; actor: Actor; chartId: number }) {
  const provider = await findProviderByOwner(opts.db, opts.actor.id);
  const gcIds = provider ? (await listGeocontents(opts.db, provider.id)).map((g) => g.id) : [];
  const found = await findChartOfGeocontents(opts.db, opts.chartId, gcIds);
  const key = found?.kind === 's102' ? found.chart.blobKeys[1] : undefined;
  if (!key || (await opts.blobs.size(key)) === null) throw notFound('preview');
  return opts.blobs.get(key);
}
