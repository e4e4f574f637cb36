import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
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
 * inflated on the fly (memory does not grow with it). The central directory is checked against the
 * limits first, so a zip bomb is refused before anything is written. Entries that are not files of
 * an S-57 exchange set (see classifyFile) are not unpacked at all: their names only are returned.
 */
async function unpackZip(
  blobs: BlobStore,
  prefix: string,
  upload: StoredUpload,
  limits: UnzipLimits,
  next: () => number,
  isWanted: (name: string) => boolean,
): Promise<{ files: StagedFile[]; ignored: string[]; bytes: number }> {
  const entries = await listCheckedZipEntries(blobs, upload.key, upload.filename, limits);
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

const isS57File = (name: string) => classifyFile(name) !== 'other';

/**
 * The staged files of an S-57 upload by name: loose files as they came, and a zipped exchange set
 * unpacked entry by entry. Only base names that follow the S-57 file-name pattern become cells, so
 * folders, `..` and arbitrary paths go nowhere; every other file is listed as ignored. `isWanted`
 * picks other files by their upper-case base name (S-100 datasets).
 */
export async function expandStagedUploads(
  blobs: BlobStore,
  prefix: string,
  uploads: StoredUpload[],
  limits: UnzipLimits,
  isWanted: (name: string) => boolean = isS57File,
): Promise<{ files: StagedFile[]; ignored: string[]; bytes: number }> {
  const files = new Map<string, StagedFile>();
  const ignored: string[] = [];
  let bytes = 0;
  let n = 0;
  for (const upload of uploads) {
    const name = stagedName(upload.filename, upload.filename);
    if (!name.endsWith('.ZIP')) {
      if (!isWanted(name)) ignored.push(upload.filename);
      else files.set(name, { name, key: upload.key });
      bytes += upload.size;
      continue;
    }
    const room = { ...limits, maxTotalBytes: limits.maxTotalBytes - bytes };
    const unpacked = await unpackZip(blobs, prefix, upload, room, () => ++n, isWanted);
    for (const file of unpacked.files) files.set(file.name, file);
    ignored.push(...unpacked.ignored.map((e) => `${upload.filename}:${e}`));
    bytes += unpacked.bytes;
    await blobs.delete(upload.key);
  }
  return { files: [...files.values()], ignored, bytes };
}
