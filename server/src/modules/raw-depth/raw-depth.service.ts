import type { RawDepth, RawDepthSummary } from '@chartroom/contracts/raw-depth';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { keepOrDiscard, type ReceivedUpload } from '../../storage/receive-upload.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import {
  deleteRawDepth,
  findOwnedRawDepth,
  insertRawDepth,
  listRawDepths,
  setRawDepthPublished,
  type RawDepthRow,
} from './raw-depth.repository.js';
import { summariseDepthFile } from './xyz-parser.js';
import { recordAudit } from '../audit/audit.repository.js';

export function presentRawDepth(row: RawDepthRow): RawDepth {
  return {
    id: row.id,
    timestamp: row.timestamp.toISOString(),
    filename: row.filename,
    description: row.description,
    isPublished: row.isPublished,
    size: row.size,
    summary: (row.summary as RawDepthSummary | null) ?? null,
  };
}

/** `addraw`: any file is kept; XYZ/CSV depth files also get their point count, extent and depth range. */
export async function addRawDepth(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  upload: ReceivedUpload<{ gcid: number; descr?: string | undefined }>;
  ip?: string | null;
}): Promise<RawDepth> {
  const { db, blobs, actor, upload } = opts;
  return keepOrDiscard(upload, async () => {
    const gc = await requireOwnedGeocontent(db, actor, upload.fields.gcid);
    const [file] = upload.files;
    if (!file || upload.files.length > 1) {
      throw new AppError('validation', 'Attach exactly one depth file as "file"', [
        { path: 'body.file', message: 'required', code: 'required' },
      ]);
    }
    if (file.size === 0) {
      throw new AppError('unsupported_file', `${file.filename} is empty`, { params: { file: file.filename, reason: 'empty' } });
    }
    const summary = await summariseDepthFile(await blobs.get(file.key));
    const row = await db.transaction(async (tx) => {
      const inserted = await insertRawDepth(tx, {
        geocontentId: gc.id,
        blobKey: file.key,
        filename: file.filename,
        size: file.size,
        description: upload.fields.descr || null,
        summary,
      });
      await recordAudit(tx, {
        actor,
        action: 'raw-depth.add',
        geocontentId: gc.id,
        subject: { rawDepthId: inserted.id, filename: file.filename },
        ip: opts.ip ?? null,
      });
      return inserted;
    });
    return presentRawDepth(row);
  });
}

export async function listRawDepthsOfGeocontent(opts: { db: Db; actor: Actor; input: { geoContentId: number } }): Promise<RawDepth[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.geoContentId);
  return (await listRawDepths(opts.db, gc.id)).map(presentRawDepth);
}

async function requireOwnedRawDepth(db: Db, actor: Actor, id: number): Promise<RawDepthRow> {
  const row = await findOwnedRawDepth(db, actor.id, id);
  if (!row) throw notFound('raw_depth_file');
  return row;
}

/** PublishRawDepth / HideRawDepth. */
export async function publishRawDepth(opts: {
  db: Db;
  actor: Actor;
  input: { rdid: number; isPublished: boolean };
  ip?: string | null;
}): Promise<void> {
  const row = await requireOwnedRawDepth(opts.db, opts.actor, opts.input.rdid);
  await opts.db.transaction(async (tx) => {
    await setRawDepthPublished(tx, row.id, opts.input.isPublished);
    const action = opts.input.isPublished ? 'raw-depth.publish' : 'raw-depth.hide';
    await recordAudit(tx, {
      actor: opts.actor,
      action,
      geocontentId: row.geocontentId,
      subject: { rawDepthId: row.id, filename: row.filename },
      ip: opts.ip ?? null,
    });
  });
}

export async function removeRawDepth(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  input: { id: number };
  ip?: string | null;
}): Promise<void> {
  const row = await requireOwnedRawDepth(opts.db, opts.actor, opts.input.id);
  await opts.db.transaction(async (tx) => {
    await deleteRawDepth(tx, row.id);
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'raw-depth.remove',
      geocontentId: row.geocontentId,
      subject: { rawDepthId: row.id, filename: row.filename },
      ip: opts.ip ?? null,
    });
  });
  await opts.blobs.delete(row.blobKey);
}

export async function requireOwnedRawDepthFile(opts: { db: Db; actor: Actor; input: { id: number } }): Promise<RawDepthRow> {
  return requireOwnedRawDepth(opts.db, opts.actor, opts.input.id);
}
