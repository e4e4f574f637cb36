import type { FastifyRequest } from 'fastify';
import type { ChartCollection, ChartComparison, ChartKind, ChartRow, ConversionState, S63Conversion } from '@chartroom/contracts/charts';
import type { Db } from '../../db/client.js';
import type { ChartDbRow, EncUploadRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { AppError, fieldProblem, notFound } from '../../errors.js';
import { parseIdField } from '../../lib/id-field.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { formatBytes, newUploadId, receiveMultipart, type ReceivedMultipart } from '../../storage/uploads.js';
import { listCheckedZipEntries, type UnzipLimits } from '../../storage/zip-unpack.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findProviderByOwner, listGeocontents } from '../providers/providers.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { applyEncPlan } from './enc-apply.js';
import { classifyFile, compareEncUpload, type EncPlan } from './enc-compare.js';
import { checkStagedUploads, expandStagedUploads } from './enc-staging.js';
import {
  completeEncUpload,
  deleteEncUploadReservation,
  deleteOpenEncUpload,
  findChartOfGeocontents,
  findCollection,
  findEncUpload,
  findLatestConversion,
  insertConversion,
  listCharts,
  listOpenEncUploads,
  lockUserForUploads,
  reserveEncUpload,
  saveOpenEncUpload,
  setConversionJob,
  sumOpenUploadBytesOfUser,
} from './charts.repository.js';
import { ingestS102 } from './s102-ingest.js';
import { s63ConversionJobKind, type S63ConversionPayload } from './s63-conversion.job.js';

export interface ChartDeps {
  db: Db;
  blobs: BlobStore;
  maxChartUploadBytes: number;
  maxUploadBytes: number;
  /** This server process (server_processes.id): it claims the uploads it applies. */
  processId: string;
  /** Zip limits per upload; maxTotalBytes is the per-upload bound. */
  unzip: UnzipLimits;
  /** Uncompressed bytes one user's open staged uploads may take together. */
  maxUnzippedBytesPerUser: number;
  stagedUploadTtlMs: number;
}

/**
 * Streams a multipart upload to `staging/<id>/` first, because the geocontent field may come after
 * the files; then checks that the geocontent is the actor's. Any failure removes what was written.
 */
export async function receiveForGeocontent(
  deps: ChartDeps,
  request: FastifyRequest,
  actor: Actor,
  opts: { staging: string; maxFileBytes: number; gcField: string; check?: (received: ReceivedMultipart) => void },
) {
  const received = await receiveMultipart(request, deps.blobs, { prefix: opts.staging, maxFileBytes: opts.maxFileBytes }).catch(
    async (err: unknown) => {
      await deps.blobs.deletePrefix(opts.staging);
      throw err;
    },
  );
  try {
    const gcId = parseIdField(received.fields[opts.gcField], `body.${opts.gcField}`, 'a geocontent id');
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
    expiresAt: row.state === 'applied' ? null : row.expiresAt.toISOString(),
    hasChanges: charts.some((c) => c.isChanged),
    charts,
  };
}

/** The zip limits for this user now: the per-upload bound, or what is left of the per-user room. */
export async function unzipLimitsFor(deps: ChartDeps, actor: Actor): Promise<UnzipLimits> {
  const used = await sumOpenUploadBytesOfUser(deps.db, actor.id);
  const room = deps.maxUnzippedBytesPerUser - used;
  if (room <= 0) {
    throw new AppError(
      'upload_quota_exceeded',
      `Your staged uploads already take ${formatBytes(used)}: apply or revert some of them first`,
      {
        params: { used: formatBytes(used) },
      },
    );
  }
  return { ...deps.unzip, maxTotalBytes: Math.min(deps.unzip.maxTotalBytes, room) };
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
      if (r.files.length === 0)
        throw new AppError('validation', 'Choose the chart files to upload', [
          { path: 'body.files', message: 'required', code: 'required' },
        ]);
    },
  });
  let reserved = false;
  try {
    // The room is judged on what the upload declares, and reserved, before anything is unpacked: two
    // uploads of one user at once count one after the other (the user's row lock), each with the
    // room the other reserved.
    const checked = await checkStagedUploads(deps.blobs, received.files, await unzipLimitsFor(deps, actor));
    await deps.db.transaction(async (tx) => {
      await lockUserForUploads(tx, actor.id);
      const used = await sumOpenUploadBytesOfUser(tx, actor.id);
      if (used + checked.declared > deps.maxUnzippedBytesPerUser) {
        throw new AppError(
          'payload_too_large',
          `This upload (${formatBytes(checked.declared)}) and your staged uploads (${formatBytes(used)}) pass the ${formatBytes(deps.maxUnzippedBytesPerUser)} allowed: apply or revert some first`,
        );
      }
      await reserveEncUpload(tx, {
        guid,
        geocontentId: received.gcId,
        createdBy: actor.id,
        bytes: checked.declared,
        processId: deps.processId,
        expiresAt: new Date(Date.now() + deps.stagedUploadTtlMs),
      });
    });
    reserved = true;
    const { files, ignored, bytes } = await expandStagedUploads(deps.blobs, staging, received.files, checked);
    if (!files.some((f) => classifyFile(f.name) === 'cell')) {
      // The web words this by `params.reason` and lists each ignored file by name (`details[].params.file`).
      throw new AppError(
        'validation',
        `No S-57 cell (NAME.000 or an update NAME.00n) in the upload${ignored.length > 0 ? `; ignored: ${ignored.join(', ')}` : ''}`,
        {
          params: { reason: 'no_s57_cell' },
          details: [
            fieldProblem('body.files', 'no S-57 cell', 'no_s57_cell'),
            ...ignored.map((name) => fieldProblem('body.files', `ignored: ${name}`, 'ignored_file', { file: name })),
          ],
        },
      );
    }
    const collection = await findCollection(deps.db, received.gcId, 'enc');
    const existing = new Map<string, ChartDbRow>((collection ? await listCharts(deps.db, collection.id) : []).map((c) => [c.name, c]));
    const { rows, plan } = await compareEncUpload({ blobs: deps.blobs, files, existing });
    const row = await deps.db.transaction(async (tx) => {
      const completed = await completeEncUpload(tx, guid, {
        comparison: rows,
        plan,
        bytes,
        expiresAt: new Date(Date.now() + deps.stagedUploadTtlMs),
      });
      if (!completed) throw new AppError('conflict', 'This upload took too long to unpack and was removed: send it again');
      await recordAudit(tx, {
        actor,
        action: 'chart.upload',
        geocontentId: received.gcId,
        subject: { guid, charts: rows.map((r) => r.chartName), ignored },
        ip: opts.request.ip,
      });
      return completed;
    });
    reserved = false;
    // Files the upload carried that are not charts (a PDF, an S-101 set inside the zip) are named, not dropped silently.
    return { ...toComparison(row), ignored };
  } catch (err) {
    if (reserved) await deleteEncUploadReservation(deps.db, guid);
    await deps.blobs.deletePrefix(staging);
    throw err;
  }
}

async function requireOwnedUpload(db: Db, actor: Actor, guid: string) {
  const upload = await findEncUpload(db, guid);
  // An upload still being unpacked is nobody's to see yet.
  if (!upload || upload.state === 'unpacking') throw notFound('upload');
  await requireOwnedGeocontent(db, actor, upload.geocontentId);
  return upload;
}

export async function getEncUpload(opts: { db: Db; actor: Actor; guid: string }) {
  return toComparison(await requireOwnedUpload(opts.db, opts.actor, opts.guid));
}

/** The open uploads (staged or saved) of a geocontent, each with the time it expires. */
export async function listSavedEncUploads(opts: { db: Db; actor: Actor; gcId: number }) {
  await requireOwnedGeocontent(opts.db, opts.actor, opts.gcId);
  return (await listOpenEncUploads(opts.db, opts.gcId)).map((row) => {
    const c = toComparison(row);
    return {
      guid: c.guid,
      state: c.state,
      createdAt: c.createdAt,
      expiresAt: c.expiresAt,
      hasChanges: c.hasChanges,
      chartCount: c.charts.length,
    };
  });
}

const stateConflict = (state: string | undefined) =>
  state === 'applying'
    ? new AppError('upload_applying', 'This upload is being applied')
    : new AppError('upload_applied', 'This upload has already been applied');

export async function applyEnc(opts: { deps: ChartDeps; actor: Actor; guid: string; ip: string | null }): Promise<true> {
  const upload = await requireOwnedUpload(opts.deps.db, opts.actor, opts.guid);
  if (upload.state === 'applied' || upload.state === 'applying') throw stateConflict(upload.state);
  const plan = upload.plan as EncPlan;
  if (plan.cells.length === 0 && plan.companions.length === 0) {
    const rows = upload.comparison as ChartComparison['charts'];
    const reasons = rows.flatMap((r) =>
      r.errors.length > 0
        ? r.errors.map((e) => ({ path: r.chartName, message: e.message }))
        : [{ path: r.chartName, message: 'already applied at this edition and update' }],
    );
    throw new AppError(
      'conflict',
      `Nothing in this upload can be applied: ${reasons.map((r) => `${r.path}: ${r.message}`).join('; ')}`,
      reasons,
    );
  }
  await applyEncPlan({ db: opts.deps.db, blobs: opts.deps.blobs, upload, processId: opts.deps.processId, actor: opts.actor, ip: opts.ip });
  return true;
}

/** Save: keep the staged upload to apply later (it is listed on the enc tab until it expires). */
export async function saveEnc(opts: { db: Db; actor: Actor; guid: string }): Promise<true> {
  const upload = await requireOwnedUpload(opts.db, opts.actor, opts.guid);
  if (!(await saveOpenEncUpload(opts.db, upload.id))) throw stateConflict((await findEncUpload(opts.db, upload.guid))?.state);
  return true;
}

/** Revert: the staged files and the row are removed; an upload being applied or applied is kept (409). */
export async function revertEnc(opts: { deps: ChartDeps; actor: Actor; guid: string; ip: string | null }): Promise<true> {
  const { db, blobs } = opts.deps;
  const upload = await requireOwnedUpload(db, opts.actor, opts.guid);
  const deleted = await db.transaction(async (tx) => {
    if (!(await deleteOpenEncUpload(tx, upload.id))) return false;
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'chart.revert',
      geocontentId: upload.geocontentId,
      subject: { guid: upload.guid },
      ip: opts.ip,
    });
    return true;
  });
  if (!deleted) throw stateConflict((await findEncUpload(db, upload.guid))?.state);
  await blobs.deletePrefix(`staging/${upload.guid}`);
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
      const key = r.fields.deviceKey?.trim();
      if (!key) issues.push({ path: 'body.deviceKey', message: 'required: the HW_ID the permits were issued for' });
      else if (!/^[0-9A-Fa-f]{5}$/.test(key))
        issues.push({ path: 'body.deviceKey', message: 'must be 5 hexadecimal characters (the HW_ID)' });
      if (r.files.filter((f) => f.field === 'file').length !== 1) issues.push({ path: 'body.file', message: 'required: one zip file' });
      if (issues.length > 0)
        throw new AppError('validation', 'A device key (5 hexadecimal characters) and one zip file are needed', issues);
    },
  });
  const file = received.files.find((f) => f.field === 'file')!;
  try {
    // Refused at once, not queued to fail later: a file that is not a zip, or one whose central
    // directory passes the limits (entries, sizes, ratio).
    await listCheckedZipEntries(deps.blobs, file.key, file.filename, await unzipLimitsFor(deps, actor));
    const { conversion, jobId } = await deps.db.transaction(async (tx) => {
      const conversion = await insertConversion(tx, { geocontentId: received.gcId, zipFileName: file.filename, zipKey: file.key });
      const payload: S63ConversionPayload = { conversionId: conversion.id, deviceKey: received.fields.deviceKey!.trim() };
      const jobId = await enqueueJob(tx, s63ConversionJobKind, payload, { maxAttempts: 3 });
      await setConversionJob(tx, conversion.id, jobId);
      await recordAudit(tx, {
        actor,
        action: 'chart.s63-upload',
        geocontentId: received.gcId,
        subject: { conversionId: conversion.id, zipFileName: file.filename },
        ip: opts.request.ip,
      });
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
      if (r.files.length === 0)
        throw new AppError('validation', 'Choose the S-102 files to upload', [
          { path: 'body.files', message: 'required', code: 'required' },
        ]);
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
    // S-102 only; an ENC row keeps the shape it always had.
    ...(row.depthMin !== null && row.depthMax !== null ? { depthRange: [row.depthMin, row.depthMax] as [number, number] } : {}),
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
          // Conversions made before warnings existed have none.
          cells: ((latest.conversion.cells as S63Conversion['cells'] | null) ?? []).map((c) => ({ ...c, warnings: c.warnings ?? [] })),
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
  if (!key || (await opts.blobs.size(key)) === null) throw notFound('preview');
  return opts.blobs.get(key);
}
