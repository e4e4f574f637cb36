import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * Writes a zip to a file one entry at a time (stored, not deflated: encrypted cells do not
 * compress), hashing as it goes, so a set of any size never sits in memory whole.
 */
export class ZipFileWriter {
  private readonly zip = new Zip();
  private readonly out;
  private readonly hash = createHash('sha256');
  private pending: Promise<unknown> | null = null;
  private failure: Error | null = null;
  private size = 0;
  private readonly finished: Promise<void>;

  private constructor(private readonly path: string) {
    this.out = createWriteStream(`${path}.part`, { flags: 'w' });
    this.out.on('error', (err) => {
      this.failure = err;
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
      if (!this.out.write(chunk)) this.pending = once(this.out, 'drain');
      if (final) resolveDone();
    };
  }

  static async open(path: string): Promise<ZipFileWriter> {
    await mkdir(dirname(path), { recursive: true });
    return new ZipFileWriter(path);
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
    }
  }

  /** Ends the zip and moves it into place; returns its size and SHA-256 (hex). */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.zip.end();
    await this.finished;
    this.out.end();
    await once(this.out, 'close');
    if (this.failure) throw this.failure;
    await rename(`${this.path}.part`, this.path);
    const { size } = await stat(this.path);
    if (size !== this.size) throw new Error('exchange set file size differs from what was written');
    return { size, sha256: this.hash.digest('hex') };
  }

  async abort(): Promise<void> {
    this.out.destroy();
    await rm(`${this.path}.part`, { force: true });
  }
}
