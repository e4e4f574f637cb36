import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where files live: keys are relative paths like `ntm/12/<uuid>.pdf`. Local disk by default. */
export interface BlobStore {
  /** Streams into a temporary file, then moves it into place: a failed write leaves nothing behind. */
  put(key: string, source: Readable | Uint8Array): Promise<{ key: string; size: number }>;
  get(key: string): Readable;
  read(key: string): Promise<Buffer>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a staged upload's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** A path on disk for libraries that need one (h5wasm); local store only. */
  localPath(key: string): string;
}

/** A partial write: `.<process id>.<uuid>.part`, so a sweep can tell whose process left it. */
const PART_FILE = /^\.(?:([0-9a-f-]{36})\.)?[0-9a-f-]{36}\.part$/;

/** The process id in a partial file's name (null for names without one), or undefined if not a partial file. */
export function partFileOwner(name: string): string | null | undefined {
  const m = PART_FILE.exec(name);
  return m ? (m[1] ?? null) : undefined;
}

/**
 * Files and folders are made readable by the server's user only (0600 / 0700): the store holds
 * decrypted S-63 cells, which their permits protect everywhere else.
 */
export class LocalBlobStore implements BlobStore {
  /** @param owner this process's id, written into partial files' names */
  constructor(
    private readonly root: string,
    private readonly owner?: string,
  ) {}

  get rootPath(): string {
    return resolve(this.root);
  }

  /** Makes the store's folder (0700), closing it to other users also when an older install made it. */
  async prepare(): Promise<void> {
    await mkdir(this.rootPath, { recursive: true, mode: 0o700 });
    await chmod(this.rootPath, 0o700);
  }

  localPath(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, source: Readable | Uint8Array): Promise<{ key: string; size: number }> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const tmp = join(dirname(target), `.${this.owner ? `${this.owner}.` : ''}${randomUUID()}.part`);
    try {
      const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      if (source instanceof Uint8Array) {
        await new Promise<void>((ok, fail) => {
          out.on('error', fail);
          out.end(source, () => ok());
        });
      } else {
        await pipeline(source, out);
      }
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const { size } = await stat(target);
    return { key, size };
  }

  get(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  async read(key: string): Promise<Buffer> {
    const { readFile } = await import('node:fs/promises');
    return readFile(this.localPath(key));
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.localPath(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.localPath(prefix), { recursive: true, force: true });
  }
}
