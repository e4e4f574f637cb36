import type { RawDepth, RawDepthSummary } from '@chartroom/contracts/raw-depth';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { keepOrDiscard, type ReceivedUpload } from '../geocontents/receive-upload.js';
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
}): Promise<RawDepth> {
  const { db, blobs, actor, upload } = opts;
  return keepOrDiscard(upload, async () => {
    const gc = await requireOwnedGeocontent(db, actor, upload.fields.gcid);
    const [file] = upload.files;
    if (!file || upload.files.length > 1) {
      throw new AppError('validation', 'Attach exactly one depth file as "file"', [{ path: 'body.file', message: 'required' }]);
    }
    if (file.size === 0) throw new AppError('unsupported_file', `${file.filename} is empty`);
    const summary = await summariseDepthFile(blobs.get(file.key));
    const row = await insertRawDepth(db, {
      geocontentId: gc.id,
      blobKey: file.key,
      filename: file.filename,
      size: file.size,
      description: upload.fields.descr || null,
      summary,
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
  if (!row) throw notFound('Raw depth file');
  return row;
}

/** PublishRawDepth / HideRawDepth. */
export async function publishRawDepth(opts: { db: Db; actor: Actor; input: { rdid: number; isPublished: boolean } }): Promise<void> {
  const row = await requireOwnedRawDepth(opts.db, opts.actor, opts.input.rdid);
  await setRawDepthPublished(opts.db, row.id, opts.input.isPublished);
}

export async function removeRawDepth(opts: { db: Db; blobs: BlobStore; actor: Actor; input: { id: number } }): Promise<void> {
  const row = await requireOwnedRawDepth(opts.db, opts.actor, opts.input.id);
  await deleteRawDepth(opts.db, row.id);
  await opts.blobs.delete(row.blobKey);
}

export async function requireOwnedRawDepthFile(opts: { db: Db; actor: Actor; input: { id: number } }): Promise<RawDepthRow> {
  return requireOwnedRawDepth(opts.db, opts.actor, opts.input.id);
}
