import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { BlobStore } from '../../storage/blob-store.js';

/**
 * Writes a zip into the blob store one entry at a time (stored, not deflated: encrypted cells do
 * not compress), hashing as it goes; the bytes stream to the store (a file, or a multipart upload
 * on S3), so a set of any size never sits in memory whole. The blob appears only on finish.
 */
export class ZipFileWriter {
  private readonly zip = new Zip();
  private readonly out = new PassThrough();
  private readonly hash = createHash('sha256');
  private pending: Promise<unknown> | null = null;
  private failure: Error | null = null;
  private size = 0;
  private readonly finished: Promise<void>;
  private readonly stored: Promise<{ size: number }>;

  private constructor(store: BlobStore, key: string) {
    this.stored = store.put(key, this.out);
    // Read at finish; a failure before then is raised by the next add, and ends the stream so an
    // add waiting for it to drain (the store stopped reading) is released.
    this.stored.catch((err: unknown) => {
      this.failure ??= err instanceof Error ? err : new Error(String(err));
      this.out.destroy(this.failure);
    });
    let resolveDone: () => void = () => undefined;
    this.finished = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    this.zip.ondata = (err, chunk, final) => {
      if (err) {
        this.failure = err;
        return;
      }
      this.hash.update(chunk);
      this.size += chunk.length;
      if (!this.out.write(chunk))
        this.pending = once(this.out, 'drain').catch((e: unknown) => {
          this.failure ??= e instanceof Error ? e : new Error(String(e));
        });
      if (final) resolveDone();
    };
  }

  static open(store: BlobStore, key: string): Promise<ZipFileWriter> {
    return Promise.resolve(new ZipFileWriter(store, key));
  }

  async add(name: string, data: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const entry = new ZipPassThrough(name);
    entry.mtime = new Date();
    this.zip.add(entry);
    entry.push(data, true);
    if (this.pending) {
      await this.pending;
      this.pending = null;
      if (this.failure) throw this.failure;
    }
  }

  /** Ends the zip and waits until the store has it whole; returns its size and SHA-256 (hex). */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.zip.end();
    await this.finished;
    this.out.end();
    const { size } = await this.stored;
    if (this.failure) throw this.failure;
    if (size !== this.size) throw new Error('exchange set file size differs from what was written');
    return { size, sha256: this.hash.digest('hex') };
  }

  /** Breaks the write off: the store keeps nothing of it. */
  async abort(): Promise<void> {
    this.out.destroy(new Error('exchange set abandoned'));
    await this.stored.catch(() => undefined);
  }
}
