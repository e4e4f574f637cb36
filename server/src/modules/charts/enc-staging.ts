import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
import type { ZipEntry } from '@chartroom/s63';
import { listCheckedZipEntries, openZipEntryStream, type UnzipLimits } from '../../storage/zip-unpack.js';
import { classifyFile, type StagedFile } from './enc-compare.js';

/**
 * The name a staged file is known by: the last part of its path, upper case. A name with control
 * characters, or one that is nothing but dots, is refused: it names no file of an exchange set.
 */
function stagedName(path: string, where: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) {
    throw new AppError('unsupported_file', `${where} has a file name with control characters`, [
      { path: 'body.files', message: JSON.stringify(path) },
    ]);
  }
  return path.split(/[\\/]/).pop()!.toUpperCase();
}

/**
 * Unpacks a staged zip from the store entry by entry into the blob store, each entry streamed and
 * inflated on the fly (memory does not grow with it), once its central directory has passed the
 * limits (see expandStagedUploads). Entries that are not files of
 * an S-57 exchange set (see classifyFile) are not unpacked at all: their names only are returned.
 */
async function unpackZip(
  blobs: BlobStore,
  prefix: string,
  upload: StoredUpload,
  entries: ZipEntry[],
  next: () => number,
  isWanted: (name: string) => boolean,
): Promise<{ files: StagedFile[]; ignored: string[]; bytes: number }> {
  const files: StagedFile[] = [];
  const ignored: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const name = stagedName(entry.name, upload.filename);
    if (!isWanted(name)) {
      ignored.push(entry.name);
      continue;
    }
    const key = `${prefix}/unzipped/${next()}-${name}`;
    const stored = await blobs.put(key, await openZipEntryStream(blobs, upload.key, entry));
    bytes += stored.size;
    files.push({ name, key });
  }
  return { files, ignored, bytes };
}

/** An upload's zips with their checked entries, and the bytes the whole upload declares. */
export interface CheckedUploads {
  zips: Map<StoredUpload, ZipEntry[]>;
  /** Loose files' sizes plus the declared uncompressed sizes of every zip's entries. */
  declared: number;
}

/**
 * Every zip's central directory is checked before any of them is unpacked, against one room for the
 * whole upload (`limits.maxTotalBytes`, the smaller of the per-upload bound and what is left of the
 * user's): loose files and the declared sizes of every zip's entries together must fit.
 */
export async function checkStagedUploads(blobs: BlobStore, uploads: StoredUpload[], limits: UnzipLimits): Promise<CheckedUploads> {
  const zips = new Map<StoredUpload, ZipEntry[]>();
  let declared = 0;
  for (const upload of uploads) {
    if (!stagedName(upload.filename, upload.filename).endsWith('.ZIP')) {
      declared += upload.size;
      continue;
    }
    const room = { ...limits, maxTotalBytes: Math.max(0, limits.maxTotalBytes - declared) };
    const entries = await listCheckedZipEntries(blobs, upload.key, upload.filename, room);
    declared += entries.reduce((sum, e) => sum + e.size, 0);
    zips.set(upload, entries);
  }
  return { zips, declared };
}

const isS57File = (name: string) => classifyFile(name) !== 'other';

/**
 * The staged files of an S-57 upload by name: loose files as they came, and a zipped exchange set
 * unpacked entry by entry (its entries checked by checkStagedUploads). Only base names that follow
 * the S-57 file-name pattern become cells, so folders, `..` and arbitrary paths go nowhere; every
 * other file is listed as ignored. `isWanted` picks other files by their upper-case base name
 * (S-100 datasets). The bytes written are at most the declared ones.
 */
export async function expandStagedUploads(
  blobs: BlobStore,
  prefix: string,
  uploads: StoredUpload[],
  { zips }: CheckedUploads,
  isWanted: (name: string) => boolean = isS57File,
): Promise<{ files: StagedFile[]; ignored: string[]; bytes: number }> {
  const files = new Map<string, StagedFile>();
  const ignored: string[] = [];
  let bytes = 0;
  let n = 0;
  for (const upload of uploads) {
    const entries = zips.get(upload);
    if (!entries) {
      const name = stagedName(upload.filename, upload.filename);
      if (!isWanted(name)) ignored.push(upload.filename);
      else files.set(name, { name, key: upload.key });
      bytes += upload.size;
      continue;
    }
    const unpacked = await unpackZip(blobs, prefix, upload, entries, () => ++n, isWanted);
    for (const file of unpacked.files) files.set(file.name, file);
    ignored.push(...unpacked.ignored.map((e) => `${upload.filename}:${e}`));
    bytes += unpacked.bytes;
    await blobs.delete(upload.key);
  }
  return { files: [...files.values()], ignored, bytes };
}
