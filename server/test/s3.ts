import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// The SDK's notice that its 2027 releases need Node 22 would repeat in every test log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3 {
  /** S3_URL for the store: s3rver's fixed key pair, a bucket made for this server. */
  url: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) in this process on loopback, on a free port, keeping its
 * objects in a temporary folder removed on close. Its one access key is S3RVER / S3RVER.
 */
export async function startTestS3(bucket = 'chartroom-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'chartroom-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    bucket,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
