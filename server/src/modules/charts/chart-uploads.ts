import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { parseIdField } from '../../lib/id-field.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { formatBytes, receiveMultipart, type ReceivedMultipart } from '../../storage/uploads.js';
import { type UnzipLimits } from '../../storage/zip-unpack.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { sumOpenUploadBytesOfUser } from './charts.repository.js';

// What every chart upload shares: the dependencies, the multipart staging with the geocontent check,
// and the zip room left to the user.

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
