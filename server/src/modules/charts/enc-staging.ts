import { listZipEntries, readZipEntry } from '@chartroom/s63';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StoredUpload } from '../../storage/uploads.js';
import type { StagedFile } from './enc-compare.js';

const baseName = (path: string) => path.split(/[\\/]/).pop()!.toUpperCase();

/**
 * The staged files of an S-57 upload by name: loose files as they came, and a zipped exchange set
 * unpacked entry by entry (names with folders or `..` are refused by the zip reader).
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
    const zip = await blobs.read(upload.key);
    try {
      for (const entry of listZipEntries(zip)) {
        if (entry.isDirectory) continue;
        const entryName = baseName(entry.name);
        const key = `${prefix}/unzipped/${++n}-${entryName}`;
        await blobs.put(key, readZipEntry(zip, entry));
        files.set(entryName, { name: entryName, key });
      }
    } catch (err) {
      throw new AppError('unsupported_file', `${upload.filename} is not a readable zip archive: ${err instanceof Error ? err.message : String(err)}`);
    }
    await blobs.delete(upload.key);
  }
  return [...files.values()];
}
