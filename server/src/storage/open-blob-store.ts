import type { Config } from '../config.js';
import { LocalBlobStore, type BlobStore, type BlobStoreOpening } from './blob-store.js';

export type { BlobStoreOpening };

/**
 * The configured blob store: S3 with S3_URL, else DATA_DIR/blobs. Call prepare() before the first
 * write. The S3 client (about 20 MB of memory once loaded) is loaded only when S3 is configured.
 */
export async function openBlobStore(config: Pick<Config, 's3' | 'dataDir'>, owner?: string): Promise<BlobStore> {
  if (!config.s3) return new LocalBlobStore(`${config.dataDir}/blobs`, owner);
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(config.s3);
}

/** The store another thread of this process opened (`BlobStore.opening`): the tile workers. */
export async function openBlobStoreAt(opening: BlobStoreOpening): Promise<BlobStore> {
  if (opening.kind === 'local') return new LocalBlobStore(opening.root, opening.owner);
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(opening.location);
}
