import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ProcessRegistry } from '../../jobs/process-registry.js';
import { partFileOwner, type BlobStore } from '../../storage/blob-store.js';
import { appliedKeysOf } from './enc-apply.js';
import { deleteExpiredEncUploads, listConversionZipKeys, listEncUploadGuids, reopenAbandonedEncUploads } from './charts.repository.js';

export interface SweepReport {
  partFiles: number;
  orphanFolders: number;
  expiredUploads: number;
  reopenedUploads: number;
}

/** Removes partial files (`*.part`) left by processes that are gone; returns how many. */
async function removeDeadParts(dir: string, live: Set<string>, olderThan: number): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const full = join(dir, name);
    const info = await stat(full).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      removed += await removeDeadParts(full, live, olderThan);
      continue;
    }
    const owner = partFileOwner(name);
    if (owner === undefined) continue;
    // Without an owner in its name, a partial file is only known dead once older than any request can last.
    if (owner === null ? info.mtimeMs < olderThan : !live.has(owner)) {
      await rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function hasFiles(dir: string): Promise<boolean> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || (await hasFiles(join(dir, entry.name)))) return true;
  }
  return false;
}

/**
 * Removes the upload folders under `area` (staging/, s63/) that no database row knows: emptied by
 * the partial-file sweep (a crash mid-upload), or older than any request can last.
 */
async function removeOrphanFolders(root: string, area: string, known: Set<string>, olderThan: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(join(root, area)).catch(() => [] as string[])) {
    if (known.has(name)) continue;
    const full = join(root, area, name);
    const info = await stat(full).catch(() => null);
    if (!info?.isDirectory()) continue;
    if (info.mtimeMs < olderThan || !(await hasFiles(full))) {
      await rm(full, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * What a crash (kill -9) or neglect leaves behind, cleaned at start and then now and again:
 * partial files of gone processes; uploads left `applying` by a gone process (reopened, their
 * half-made copies removed, so Apply can run again); staged uploads past their expiry; and upload
 * folders no row knows.
 */
export async function sweepUploads(opts: {
  db: Db;
  blobs: BlobStore & { rootPath: string };
  processes: ProcessRegistry;
  requestTimeoutMs: number;
  log: FastifyBaseLogger;
}): Promise<SweepReport> {
  const { db, blobs } = opts;
  const live = await opts.processes.listLive();
  const olderThan = Date.now() - opts.requestTimeoutMs;
  const partFiles = await removeDeadParts(blobs.rootPath, new Set(live), olderThan);

  const reopened = await reopenAbandonedEncUploads(db, live);
  for (const upload of reopened) await Promise.all(appliedKeysOf(upload).map((k) => blobs.delete(k)));
  const expired = await deleteExpiredEncUploads(db);
  for (const upload of expired) await blobs.deletePrefix(`staging/${upload.guid}`);

  const guids = new Set(await listEncUploadGuids(db));
  const zips = new Set((await listConversionZipKeys(db)).map((k) => k.split('/')[1] ?? ''));
  const orphanFolders =
    (await removeOrphanFolders(blobs.rootPath, 'staging', guids, olderThan)) +
    (await removeOrphanFolders(blobs.rootPath, 's63', zips, olderThan));
  const report = { partFiles, orphanFolders, expiredUploads: expired.length, reopenedUploads: reopened.length };
  if (Object.values(report).some((n) => n > 0)) opts.log.info(report, 'upload sweep removed what was left behind');
  return report;
}
