import type { Config } from '../config.js';
import { LocalBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The configured blob store: S3 with S3_URL, else DATA_DIR/blobs. Call prepare() before the first write. */
export function openBlobStore(config: Pick<Config, 's3' | 'dataDir'>, owner?: string): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(`${config.dataDir}/blobs`, owner);
}
