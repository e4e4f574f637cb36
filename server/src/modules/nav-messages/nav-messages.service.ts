import { navMessageLimits, type NavMessage } from '@chartroom/contracts/nav-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { formatBytes } from '../../storage/uploads.js';
import { detectImageBlob } from '../../storage/file-sniff.js';
import { keepOrDiscard, type ReceivedUpload } from '../../storage/receive-upload.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { canPostNavMessage } from './device-permission.js';
import {
  deleteNavMessage,
  findGeocontent,
  findImageWithOwners,
  findOwnedNavMessage,
  insertNavMessage,
  listImagesOf,
  listNavMessages,
  type NavMessageImageRow,
  type NavMessageRow,
} from './nav-messages.repository.js';
import { recordAudit } from '../audit/audit.repository.js';

export function navMessageImageUrl(imageId: number): string {
  return `/api/navmessages/images/${imageId}`;
}

function presentNavMessage(row: NavMessageRow, images: NavMessageImageRow[]): NavMessage {
  return {
    id: row.id,
    text: row.text,
    latLng: [row.lat, row.lng],
    images: images.map((i) => ({ id: i.id, url: navMessageImageUrl(i.id) })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A device's message: text, position and images (checked by their bytes and size). */
export async function postNavMessage(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  upload: ReceivedUpload<{ gcid: number; text: string; lat: number; lng: number }>;
  ip?: string | null;
}): Promise<NavMessage> {
  const { db, blobs, actor, upload } = opts;
  return keepOrDiscard(upload, async () => {
    const { gcid, text, lat, lng } = upload.fields;
    const gc = await findGeocontent(db, gcid);
    if (!gc) throw notFound('geocontent');
    if (!(await canPostNavMessage(db, actor.id, gc.id))) {
      throw new AppError('forbidden', 'Only an activated device may send navigation messages');
    }
    const images: { blobKey: string; mimetype: string; size: number }[] = [];
    for (const file of upload.files) {
      if (file.size > navMessageLimits.maxImageBytes) {
        throw new AppError(
          'payload_too_large',
          `${file.filename} is larger than the ${formatBytes(navMessageLimits.maxImageBytes)} allowed`,
        );
      }
      const mimetype = await detectImageBlob(blobs, file.key);
      if (!mimetype) {
        throw new AppError('unsupported_file', `${file.filename} is not a PNG, JPEG, GIF or WebP image`, {
          params: { file: file.filename, reason: 'not_image' },
        });
      }
      images.push({ blobKey: file.key, mimetype, size: file.size });
    }
    const saved = await db.transaction(async (tx) => {
      const inserted = await insertNavMessage(tx, { geocontentId: gc.id, userId: actor.id, text, lat, lng }, images);
      await recordAudit(tx, {
        actor,
        action: 'nav-message.post',
        geocontentId: gc.id,
        subject: { messageId: inserted.message.id, images: images.length },
        ip: opts.ip ?? null,
      });
      return inserted;
    });
    return presentNavMessage(saved.message, saved.images);
  });
}

export async function listNavMessagesOfGeocontent(opts: { db: Db; actor: Actor; input: { gcid: number } }): Promise<NavMessage[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const rows = await listNavMessages(opts.db, gc.id);
  const images = await listImagesOf(
    opts.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentNavMessage(
      r,
      images.filter((i) => i.messageId === r.id),
    ),
  );
}

export async function removeNavMessage(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  input: { id: number };
  ip?: string | null;
}): Promise<void> {
  const row = await findOwnedNavMessage(opts.db, opts.actor.id, opts.input.id);
  if (!row) throw notFound('navigation_message');
  const images = await listImagesOf(opts.db, [row.id]);
  await opts.db.transaction(async (tx) => {
    await deleteNavMessage(tx, row.id);
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'nav-message.remove',
      geocontentId: row.geocontentId,
      subject: { messageId: row.id },
      ip: opts.ip ?? null,
    });
  });
  await Promise.all(images.map((i) => opts.blobs.delete(i.blobKey)));
}

/** An image is shown to the provider owning the message's geocontent and to its author. */
export async function requireVisibleImage(opts: { db: Db; actor: Actor; input: { id: number } }): Promise<NavMessageImageRow> {
  const row = await findImageWithOwners(opts.db, opts.input.id);
  if (!row || (row.ownerUserId !== opts.actor.id && row.authorId !== opts.actor.id)) throw notFound('image');
  return row.image;
}
