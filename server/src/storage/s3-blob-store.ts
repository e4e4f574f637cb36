import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BlobNotFoundError, type BlobFolder, type BlobStore, type BlobStoreOpening, type ByteRange } from './blob-store.js';
import type { S3Location } from './s3-url.js';

/**
 * Parts of a streamed upload: S3's smallest (5 MB), two in flight, so memory holds a few parts
 * whatever the file's size (bench/scale: about 55 MB of RSS growth for a 512 MB upload, the same
 * for 2 GB); 10,000 parts of 5 MB allow objects up to 50 GB, far above MAX_CHART_UPLOAD_BYTES.
 */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404);

/** Counts the bytes passing through (lib-storage does not report an object's size). */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * The blob store on an S3-compatible server (AWS S3, MinIO, Ceph, Garage), path-style. Checksums
 * are sent and checked only where the API requires them: the SDK's default CRC32 headers are
 * refused by several S3-compatible servers.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly location: S3Location) {
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: true,
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get opening(): BlobStoreOpening {
    return { kind: 's3', location: this.location };
  }

  private get bucket(): string {
    return this.location.bucket;
  }

  private objectKey(key: string): string {
    if (key.split('/').some((part) => part === '..' || part === '.') || key.startsWith('/')) throw new Error(`bad blob key: ${key}`);
    return `${this.location.keyPrefix}${key}`;
  }

  /** Checks the bucket answers; makes it when it does not exist yet (a fresh MinIO). */
  async prepare(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      if (!isNotFound(err)) throw new Error(`the S3 bucket ${this.bucket} at ${this.location.endpoint} does not answer: ${describe(err)}`);
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (createErr) {
        throw new Error(
          `the S3 bucket ${this.bucket} at ${this.location.endpoint} does not exist and cannot be made: ${describe(createErr)}`,
        );
      }
    }
  }

  async put(key: string, source: Readable | Uint8Array): Promise<{ key: string; size: number }> {
    const Key = this.objectKey(key);
    if (source instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: source, ContentLength: source.length }));
      return { key, size: source.length };
    }
    const counter = byteCounter();
    const body = source.pipe(counter);
    let sourceError: Error | null = null;
    source.on('error', (err) => {
      sourceError = err;
      counter.destroy(err);
    });
    // A multipart upload that fails is aborted by lib-storage: nothing appears under the key.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body },
      partSize: PART_BYTES,
      queueSize: QUEUE,
    });
    try {
      await upload.done();
    } catch (err) {
      // The reason is the source's (a client gone away), not the abort that followed it.
      throw sourceError ?? err;
    }
    return { key, size: counter.bytes };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async read(key: string): Promise<Buffer> {
    return collect(await this.get(key));
  }

  /** Every read of an object is a request: no reader of its own (`readRange` then). */
  async openRanges(): Promise<null> {
    return null;
  }

  async readRange(key: string, start: number, length: number, into?: Uint8Array): Promise<Buffer> {
    if (into && into.length < length) throw new Error(`a buffer of ${into.length} bytes cannot take ${length}`);
    if (length <= 0) {
      if ((await this.size(key)) === null) throw new BlobNotFoundError(key);
      return Buffer.alloc(0);
    }
    try {
      const stream = await this.get(key, { start, end: start + length - 1 });
      return into ? await collectInto(stream, Buffer.from(into.buffer, into.byteOffset, length)) : await collect(stream);
    } catch (err) {
      // A range that starts past the end: no bytes, as a file read there gives none.
      if (statusOf(err) === 416) return Buffer.alloc(0);
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${this.objectKey(from).split('/').map(encodeURIComponent).join('/')}`;
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.objectKey(to), CopySource: source }));
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(from);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const Prefix = `${this.objectKey(prefix).replace(/\/+$/, '')}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = out.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`S3 refused to delete ${failed.length} objects under ${prefix}: ${failed[0]?.Message ?? ''}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async listFolders(prefix: string): Promise<BlobFolder[]> {
    const Prefix = `${this.objectKey(prefix).replace(/\/+$/, '')}/`;
    const folders = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(Prefix.length).split('/')[0];
        // A key directly under the prefix is a file, not a folder.
        if (!name || object.Key === `${Prefix}${name}`) continue;
        const at = object.LastModified?.getTime() ?? 0;
        folders.set(name, Math.max(folders.get(name) ?? 0, at));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...folders].map(([name, lastModifiedMs]) => ({ name, lastModifiedMs, isEmpty: false }));
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.replace(/\/+$/, '');
    const Prefix = base ? `${this.objectKey(base)}/` : this.location.keyPrefix;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.location.keyPrefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /**
   * Aborts multipart uploads begun before `olderThanMs` (their process died mid-upload; a live one
   * finishes or aborts within the request timeout). Servers without ListMultipartUploads (s3rver)
   * answer 501: nothing to do there, a bucket lifecycle rule covers it.
   */
  async removeDeadPartials(_live: Set<string>, olderThanMs: number): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.location.keyPrefix || undefined,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= olderThanMs) continue;
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (err) {
      if (statusOf(err) === 501) return removed;
      throw err;
    }
    return removed;
  }

  async withFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'chartroom-blob-'));
    try {
      const path = join(dir, basename(key).replace(/[^\w.-]/g, '_') || 'blob');
      await pipeline(await this.get(key), createWriteStream(path, { mode: 0o600 }));
      return await use(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async presignGet(key: string, opts: { fileName: string; contentType: string; expiresSeconds?: number }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: `attachment; filename="${opts.fileName.replace(/["\\\r\n]/g, '_')}"`,
    });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresSeconds ?? 300 });
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stream's bytes written into `target` (never past its end); the part filled. */
async function collectInto(stream: Readable, target: Buffer): Promise<Buffer> {
  let filled = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (filled + bytes.length > target.length) throw new Error(`the range holds more than the ${target.length} bytes asked for`);
    bytes.copy(target, filled);
    filled += bytes.length;
  }
  return target.subarray(0, filled);
}

function describe(err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  return err instanceof Error ? err.message : String(err);
}
