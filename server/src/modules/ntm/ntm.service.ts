import type { NtmItem } from '@chartroom/contracts/ntm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
import { isPdfBlob } from '../../storage/file-sniff.js';
import { keepOrDiscard, type ReceivedUpload } from '../../storage/receive-upload.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { deleteNtm, findOwnedNtm, insertNtm, listNtms, type NtmRow } from './ntm.repository.js';
import { recordAudit } from '../audit/audit.repository.js';

export function presentNtm(row: NtmRow): NtmItem {
  return { id: row.id, addDate: row.addDate.toISOString(), description: row.description, filename: row.filename, size: row.size };
}

/** `POST /api/ntm`: keeps the PDF when the geocontent is the provider's and the bytes are a PDF. */
export async function addNtm(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  upload: ReceivedUpload<{ gcid: number; description?: string | undefined }>;
  ip?: string | null;
}): Promise<NtmItem> {
  const { db, blobs, actor, upload } = opts;
  return keepOrDiscard(upload, async () => {
    const gc = await requireOwnedGeocontent(db, actor, upload.fields.gcid);
    const file = requireOneFile(upload.files);
    if (!(await isPdfBlob(blobs, file.key, file.size))) {
      throw new AppError('unsupported_file', `${file.filename} is not a PDF document`, {
        params: { file: file.filename, reason: 'not_pdf' },
      });
    }
    const row = await db.transaction(async (tx) => {
      const inserted = await insertNtm(tx, {
        geocontentId: gc.id,
        blobKey: file.key,
        filename: file.filename,
        size: file.size,
        description: upload.fields.description || null,
      });
      await recordAudit(tx, {
        actor,
        action: 'ntm.add',
        geocontentId: gc.id,
        subject: { ntmId: inserted.id, filename: file.filename },
        ip: opts.ip ?? null,
      });
      return inserted;
    });
    return presentNtm(row);
  });
}

function requireOneFile(files: StoredUpload[]): StoredUpload {
  const [file] = files;
  if (!file || files.length > 1)
    throw new AppError('validation', 'Attach exactly one PDF file as "file"', [
      { path: 'body.file', message: 'required', code: 'required' },
    ]);
  return file;
}

export async function listNtmsOfGeocontent(opts: { db: Db; actor: Actor; input: { gcid: number } }): Promise<NtmItem[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  return (await listNtms(opts.db, gc.id)).map(presentNtm);
}

export async function requireOwnedNtm(opts: { db: Db; actor: Actor; input: { id: number } }): Promise<NtmRow> {
  const row = await findOwnedNtm(opts.db, opts.actor.id, opts.input.id);
  if (!row) throw notFound('ntm', 'NTM');
  return row;
}

export async function removeNtm(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  input: { id: number };
  ip?: string | null;
}): Promise<void> {
  const row = await requireOwnedNtm(opts);
  await opts.db.transaction(async (tx) => {
    await deleteNtm(tx, row.id);
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'ntm.remove',
      geocontentId: row.geocontentId,
      subject: { ntmId: row.id, filename: row.filename },
      ip: opts.ip ?? null,
    });
  });
  await opts.blobs.delete(row.blobKey);
}
