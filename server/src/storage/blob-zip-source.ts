import { S63Error, type ZipSource } from '@chartroom/s63';
import { checkReadRange } from '@chartroom/s63/zip-source';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

/**
 * A zip reader's random-access source over a blob: each read is one range read from the store (a
 * positioned read on disk, a ranged GET on S3), so a zip of any size is read without a local copy.
 */
export async function openBlobZipSource(store: BlobStore, key: string): Promise<ZipSource> {
  const size = await store.size(key);
  if (size === null) throw new BlobNotFoundError(key);
  return {
    size,
    async read(offset, length, into) {
      checkReadRange(size, offset, length, into);
      const bytes = await store.readRange(key, offset, length, into);
      // The blob shrank since it was sized: the same clear error as reading past its end.
      if (bytes.length !== length)
        throw new S63Error('corrupt', `zip is truncated: it ends ${length - bytes.length} bytes early at offset ${offset + bytes.length}`);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
  };
}
