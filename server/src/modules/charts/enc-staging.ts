import { listZipEntriesFrom, readZipEntryFrom } from '@chartroom/s63';
import { openFileSource } from '@chartroom/s63/node';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
import type { StagedFile } from './enc-compare.js';

const baseName = (path: string) => path.split(/[\\/]/).pop()!.toUpperCase();

/**
 * Unpacks a staged zip from disk entry by entry into the blob store (one entry in memory at a time).
 * Returns the staged files by name; a zip that cannot be read is an `unsupported_file` error.
 */
async function unpackZip(blobs: BlobStore, prefix: string, upload: StoredUpload, next: () => number): Promise<StagedFile[]> {
  const files: StagedFile[] = [];
  try {
    const source = await openFileSource(blobs.localPath(upload.key));
    try {
      for (const entry of await listZipEntriesFrom(source)) {
        if (entry.isDirectory) continue;
        const name = baseName(entry.name);
        const key = `${prefix}/unzipped/${next()}-${name}`;
        await blobs.put(key, await readZipEntryFrom(source, entry));
        files.push({ name, key });
      }
    } finally {
      await source.close();
    }
  } catch (err) {
    throw new AppError('unsupported_file', `${upload.filename} is not a readable zip archive: ${err instanceof Error ? err.message : String(err)}`);
  }
  return files;
}

/**
 * The staged files of an S-57 upload by name: loose files as they came, and a zipped exchange set
 * unpacked entry by entry (only the entries' base names are used, so folders and `..` go nowhere).
 */
export async function expandStagedUploads(blobs: BlobStore, prefix: string, uploads: StoredUpload[]): Promise<StagedFile[]> {
  const files = new Map<string, StagedFile>();
  let n = 0;
  for (const upload of uploads) {
    const name = baseName(upload.filename);
    if (!name.endsWith('.ZIP')) {
      files.set(name, { name, key: upload.key });
      continue;
    }
    for (const file of await unpackZip(blobs, prefix, upload, () => ++n)) files.set(file.name, file);
    await blobs.delete(upload.key);
  }
  return [...files.values()];
}
