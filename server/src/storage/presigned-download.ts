import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';

/**
 * A short-lived presigned URL for a plain-file download, when the store is S3 and
 * S3_REDIRECT_DOWNLOADS is on (the bucket must then allow the portal's origin by CORS: the web app
 * fetches these files); null otherwise, and the process streams the file itself.
 */
export function presignedDownload(
  store: BlobStore,
  config: Pick<Config, 'S3_REDIRECT_DOWNLOADS' | 'S3_PRESIGN_SECONDS'>,
  key: string,
  file: { fileName: string; contentType: string },
): Promise<string | null> {
  if (store.kind !== 's3' || !config.S3_REDIRECT_DOWNLOADS) return Promise.resolve(null);
  return store.presignGet(key, { ...file, expiresSeconds: config.S3_PRESIGN_SECONDS });
}
