import type { FastifyRequest } from 'fastify';
import type { ChartCollection, ChartComparison, ChartKind, ChartRow, ConversionState, S63Conversion } from '@chartroom/contracts/charts';
import type { Db } from '../../db/client.js';
import type { ChartDbRow, EncUploadRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { newUploadId, receiveMultipart, type ReceivedMultipart } from '../../storage/uploads.js';
import { findProviderByOwner, listGeocontents } from '../providers/providers.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { applyEncPlan } from './enc-apply.js';
import { compareEncUpload } from './enc-compare.js';
import { expandStagedUploads } from './enc-staging.js';
import {
  deleteEncUpload, findChartOfGeocontents, findCollection, findEncUpload, findLatestConversion, insertConversion,
  insertEncUpload, listCharts, listOpenEncUploads, setConversionJob, setEncUploadState,
} from './charts.repository.js';
import { ingestS102 } from './s102-ingest.js';
import { s63ConversionJobKind, type S63ConversionPayload } from './s63-conversion.job.js';

export interface ChartDeps {
  db: Db;
  blobs: BlobStore;
  maxChartUploadBytes: number;
  maxUploadBytes: number;
}

function positiveId(value: string | undefined, field: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) {
    throw new AppError('validation', `${field} is required`, [{ path: `body.${field}`, message: 'required: a geocontent id' }]);
  }
  return n;
}

/**
 * Streams a multipart upload to `staging/<id>/` first, because the geocontent field may come after
 * the files; then checks that the geocontent is the actor's. Any failure removes what was written.
 */
async function receiveForGeocontent(
  deps: ChartDeps,
  request: FastifyRequest,
  actor: Actor,
  opts: { staging: string; maxFileBytes: number; gcField: string; check?: (received: ReceivedMultipart) => void },
) {
  const received = await receiveMultipart(request, deps.blobs, { prefix: opts.staging, maxFileBytes: opts.maxFileBytes }).catch(async (err: unknown) => {
    await deps.blobs.deletePrefix(opts.staging);
    throw err;
  });
  try {
    const gcId = positiveId(received.fields[opts.gcField], opts.gcField);
    opts.check?.(received);
    await requireOwnedGeocontent(deps.db, actor, gcId);
    return { ...received, gcId };
  } catch (err) {
    await deps.blobs.deletePrefix(opts.staging);
    throw err;
  }
}

function toComparison(row: EncUploadRow): ChartComparison {
  const charts = row.comparison as ChartComparison['charts'];
  return {
    guid: row.guid,
    gcid: row.geocontentId,
    state: row.state as ChartComparison['state'],
    createdAt: row.createdAt.toISOString(),
    hasChanges: charts.some((c) => c.isChanged),
    charts,
  };
}

/** addenc: stages the files under a guid and compares them with the collection. */
export async function uploadEnc(opts: { deps: ChartDeps; actor: Actor; request: FastifyRequest }): Promise<ChartComparison> {
  const { deps, actor } = opts;
  const guid = newUploadId();
  const staging = `staging/${guid}`;
  const received = await receiveForGeocontent(deps, opts.request, actor, {
    staging,
    maxFileBytes: deps.maxChartUploadBytes,
    gcField: 'gcid',
    check: (r) => {
      if (r.files.length === 0) throw new AppError('validation', 'Choose the chart files to upload', [{ path: 'body.files', message: 'required' }]);
    },
  });
  try {
    const files = await expandStagedUploads(deps.blobs, staging, received.files);
    const collection = await findCollection(deps.db, received.gcId, 'enc');
    const existing = new Map<string, ChartDbRow>((collection ? await listCharts(deps.db, collection.id) : []).map((c) => [c.name, c]));
    const { rows, plan } = await compareEncUpload({ blobs: deps.blobs, files, existing });
    const row = await insertEncUpload(deps.db, { guid, geocontentId: received.gcId, createdBy: actor.id, comparison: rows, plan });
    return toComparison(row);
  } catch (err) {
    await deps.blobs.deletePrefix(staging);
    throw err;
  }
}

async function requireOwnedUpload(db: Db, actor: Actor, guid: string) {
  const upload = await findEncUpload(db, guid);
  if (!upload) throw notFound('Upload');
  await requireOwnedGeocontent(db, actor, upload.geocontentId);
  return upload;
}

export async function getEncUpload(opts: { db: Db; actor: Actor; guid: string }) {
  return toComparison(await requireOwnedUpload(opts.db, opts.actor, opts.guid));
}

export async function listSavedEncUploads(opts: { db: Db; actor: Actor; gcId: number }) {
  await requireOwnedGeocontent(opts.db, opts.actor, opts.gcId);
  return (await listOpenEncUploads(opts.db, opts.gcId)).map((row) => {
    const c = toComparison(row);
    return { guid: c.guid, state: c.state, createdAt: c.createdAt, hasChanges: c.hasChanges, chartCount: c.charts.length };
  });
}

export async function applyEnc(opts: { deps: ChartDeps; actor: Actor; guid: string }): Promise<true> {
  const upload = await requireOwnedUpload(opts.deps.db, opts.actor, opts.guid);
  if (upload.state === 'applied') throw new AppError('conflict', 'This upload has already been applied');
  await applyEncPlan({ db: opts.deps.db, blobs: opts.deps.blobs, upload });
  return true;
}

/** Save: keep the staged upload to apply later (it is listed on the enc tab). */
export async function saveEnc(opts: { db: Db; actor: Actor; guid: string }): Promise<true> {
  const upload = await requireOwnedUpload(opts.db, opts.actor, opts.guid);
  if (upload.state === 'applied') throw new AppError('conflict', 'This upload has already been applied');
  await setEncUploadState(opts.db, upload.id, 'saved');
  return true;
}

/** Revert: the staged files and the row are removed. */
export async function revertEnc(opts: { deps: ChartDeps; actor: Actor; guid: string }): Promise<true> {
  const upload = await requireOwnedUpload(opts.deps.db, opts.actor, opts.guid);
  if (upload.state === 'applied') throw new AppError('conflict', 'This upload has already been applied');
  await deleteEncUpload(opts.deps.db, upload.id);
  await opts.deps.blobs.deletePrefix(`staging/${upload.guid}`);
  return true;
}

/** AddS63ToGeocontent: keeps the zip and queues its conversion. */
export async function uploadS63(opts: { deps: ChartDeps; actor: Actor; request: FastifyRequest }) {
  const { deps, actor } = opts;
  const staging = `s63/${newUploadId()}`;
  const received = await receiveForGeocontent(deps, opts.request, actor, {
    staging,
    maxFileBytes: deps.maxChartUploadBytes,
    gcField: 'geocontentId',
    check: (r) => {
      const issues: { path: string; message: string }[] = [];
      if (!r.fields.deviceKey?.trim()) issues.push({ path: 'body.deviceKey', message: 'required: the HW_ID the permits were issued for' });
      if (r.files.filter((f) => f.field === 'file').length !== 1) issues.push({ path: 'body.file', message: 'required: one zip file' });
      if (issues.length > 0) throw new AppError('validation', 'Both a device key and a zip file are needed', issues);
    },
  });
  const file = received.files.find((f) => f.field === 'file')!;
  try {
    const { conversion, jobId } = await deps.db.transaction(async (tx) => {
      const conversion = await insertConversion(tx, { geocontentId: received.gcId, zipFileName: file.filename, zipKey: file.key });
      const payload: S63ConversionPayload = { conversionId: conversion.id, deviceKey: received.fields.deviceKey!.trim() };
      const jobId = await enqueueJob(tx, s63ConversionJobKind, payload, { maxAttempts: 3 });
      await setConversionJob(tx, conversion.id, jobId);
      return { conversion, jobId };
    });
    return { conversionId: conversion.id, jobId, state: 'queued' as const };
  } catch (err) {
    await deps.blobs.deletePrefix(staging);
    throw err;
  }
}

/** adds102: grids with their depth previews. */
export async function uploadS102(opts: { deps: ChartDeps; actor: Actor; request: FastifyRequest }) {
  const { deps, actor } = opts;
  const staging = `staging/${newUploadId()}`;
  const received = await receiveForGeocontent(deps, opts.request, actor, {
    staging,
    maxFileBytes: deps.maxUploadBytes,
    gcField: 'gcid',
    check: (r) => {
      if (r.files.length === 0) throw new AppError('validation', 'Choose the S-102 files to upload', [{ path: 'body.files', message: 'required' }]);
    },
  });
  try {
    const rows = await ingestS102({ db: deps.db, blobs: deps.blobs, gcId: received.gcId, uploads: received.files });
    return { charts: rows.map((r) => toChartRow(r, 's102')) };
  } finally {
    await deps.blobs.deletePrefix(staging);
  }
}

function toChartRow(row: ChartDbRow, kind: ChartKind): ChartRow {
  const hasBox = row.west !== null && row.south !== null && row.east !== null && row.north !== null;
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    update: row.update,
    releaseDate: row.releaseDate,
    scale: row.scale,
    band: row.band,
    description: row.description,
    bbox: hasBox ? [row.west!, row.south!, row.east!, row.north!] : null,
    previewUrl: kind === 's102' && row.blobKeys.length > 1 ? `/charts/s102/${row.id}/preview.png` : null,
  };
}

export async function getCollection(opts: { db: Db; actor: Actor; gcId: number; kind: ChartKind }): Promise<ChartCollection> {
  const { db, actor, gcId, kind } = opts;
  await requireOwnedGeocontent(db, actor, gcId);
  const collection = await findCollection(db, gcId, kind);
  const rows = collection ? await listCharts(db, collection.id) : [];
  const latest = kind === 'enc' ? await findLatestConversion(db, gcId) : undefined;
  return {
    type: (collection?.type as ChartCollection['type']) ?? null,
    metaInfo: collection?.type === 's63' ? (collection.metaInfo as ChartCollection['metaInfo']) : null,
    charts: rows.map((r) => toChartRow(r, kind)),
    conversion: latest
      ? {
          id: latest.conversion.id,
          state: (latest.job?.state as ConversionState | undefined) ?? 'failed',
          zipFileName: latest.conversion.zipFileName,
          createdAt: latest.conversion.createdAt.toISOString(),
          finishedAt: latest.job?.finishedAt?.toISOString() ?? null,
          error: latest.job?.lastError ?? null,
          cells: (latest.conversion.cells as S63Conversion['cells'] | null) ?? [],
        }
      : null,
  };
}

/** The depth preview PNG of one of the actor's S-102 grids. */
export async function openS102Preview(opts: { db: Db; blobs: BlobStore; actor: Actor; chartId: number }) {
  const provider = await findProviderByOwner(opts.db, opts.actor.id);
  const gcIds = provider ? (await listGeocontents(opts.db, provider.id)).map((g) => g.id) : [];
  const found = await findChartOfGeocontents(opts.db, opts.chartId, gcIds);
  const key = found?.kind === 's102' ? found.chart.blobKeys[1] : undefined;
  if (!key || (await opts.blobs.size(key)) === null) throw notFound('Preview');
  return opts.blobs.get(key);
}
