import type { FastifyRequest } from 'fastify';
import { enqueueJob } from '../../jobs/queue.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { newUploadId } from '../../storage/uploads.js';
import { listCheckedZipEntries } from '../../storage/zip-unpack.js';
import { recordAudit } from '../audit/audit.repository.js';
import { insertConversion, setConversionJob } from './charts.repository.js';
import { s63ConversionJobKind, type S63ConversionPayload } from './s63-conversion.job.js';
import { receiveForGeocontent, unzipLimitsFor, type ChartDeps } from './chart-uploads.js';

// S-63 exchange sets: the zip is kept and its conversion queued (s63-conversion.job.ts).

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
