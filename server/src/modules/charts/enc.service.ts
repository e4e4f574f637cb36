import type { FastifyRequest } from 'fastify';
import type { ChartComparison } from '@chartroom/contracts/charts';
import type { Db } from '../../db/client.js';
import type { ChartDbRow, EncUploadRow } from '../../db/schema/index.js';
import { AppError, fieldProblem, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { formatBytes, newUploadId } from '../../storage/uploads.js';
import { recordAudit } from '../audit/audit.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { applyEncPlan } from './enc-apply.js';
import { cellNamesOf, classifyFile, compareEncUpload, type EncPlan } from './enc-compare.js';
import { checkStagedUploads, expandStagedUploads } from './enc-staging.js';
import {
  completeEncUpload,
  deleteEncUploadReservation,
  deleteOpenEncUpload,
  findCollection,
  findChartsByName,
  findEncUpload,
  listOpenEncUploads,
  lockUserForUploads,
  reserveEncUpload,
  saveOpenEncUpload,
  sumOpenUploadBytesOfUser,
} from './charts.repository.js';
import { receiveForGeocontent, unzipLimitsFor, type ChartDeps } from './chart-uploads.js';

// S-57 ENC uploads: staged, compared with the collection, then applied, saved or reverted
// (addenc, applyenc, saveenc, revertenc; docs/architecture.md, flow 5).

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
    // Only the applied charts this upload names: the comparison costs the same whatever the collection holds.
    const named = collection ? await findChartsByName(deps.db, collection.id, cellNamesOf(files)) : [];
    const existing = new Map<string, ChartDbRow>(named.map((c) => [c.name, c]));
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
