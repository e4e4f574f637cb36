import { closeSync, createWriteStream, openSync, readSync } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.js';
import type { S3Location } from './s3-url.js';

/** Bytes `start` to `end` of a blob, both included (as in HTTP ranges and fs streams). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A folder of the store (the next part of the keys under a prefix), for the leftover sweep. */
export interface BlobFolder {
  name: string;
  /** The newest change inside it (local: the folder's mtime; S3: its newest object). */
  lastModifiedMs: number;
  /** Holds no file at all (only the local disk can have such folders). */
  isEmpty: boolean;
}

/**
 * Where files live: keys are relative paths like `ntm/12/<uuid>.pdf`. Local disk by default, an
 * S3-compatible object store with S3_URL (s3-blob-store.ts). Readers get streams, byte ranges or
 * whole buffers, never a path: a library that needs a file (h5wasm) borrows one with `withFile`.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** How another thread of this process opens the same store (the tile workers). */
  readonly opening: BlobStoreOpening;
  /** Makes the folder or checks the bucket; called once at start. */
  prepare(): Promise<void>;
  /** Streams the source in; the blob appears whole or not at all (a failed write leaves nothing). */
  put(key: string, source: Readable | Uint8Array): Promise<{ key: string; size: number }>;
  /** The blob (or one range of it) as a stream; BlobNotFoundError when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole blob in memory (cells of a few MB); BlobNotFoundError when there is none. */
  read(key: string): Promise<Buffer>;
  /**
   * Up to `length` bytes from `start` (fewer at the blob's end, none past it); BlobNotFoundError when
   * there is none. With `into` (at least `length` bytes) they are written there and a view of it is
   * returned, so a reader of many ranges can use one buffer again.
   */
  readRange(key: string, start: number, length: number, into?: Uint8Array): Promise<Buffer>;
  /**
   * A reader of ranges of one blob that reads in the calling thread, for a worker thread that
   * reads a blob again and again (a tile thread's packs): the local store keeps the file open and
   * reads it synchronously, without a round trip through libuv's thread pool per read. Null where
   * reads go over the network (S3): `readRange` then. BlobNotFoundError when there is none.
   */
  openRanges(key: string): Promise<RangeReader | null>;
  /** The blob's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  copy(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a staged upload's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** The folders directly under a prefix (`staging`, `s63`), for the sweep of what no row knows. */
  listFolders(prefix: string): Promise<BlobFolder[]>;
  /** Every key under a folder prefix (`ntm`, `staging/<id>`; '' for all), sorted; partial writes are not keys. */
  list(prefix: string): Promise<string[]>;
  /** Removes partial writes that no live process will finish; returns how many. */
  removeDeadPartials(live: Set<string>, olderThanMs: number): Promise<number>;
  /**
   * Lends a file holding the blob to a library that can only open paths (h5wasm): the local store
   * lends its own file, S3 a temporary copy removed when `use` ends.
   */
  withFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** A short-lived URL a browser can fetch the blob from directly; null when the store has none (local disk). */
  presignGet(key: string, opts: { fileName: string; contentType: string; expiresSeconds?: number }): Promise<string | null>;
  close(): Promise<void>;
}

/** Ranges of one blob read synchronously (`BlobStore.openRanges`). */
export interface RangeReader {
  /**
   * Up to `length` bytes from `start` (fewer at the blob's end), in a buffer of their own, or with
   * `into` (at least `length` bytes) written there and returned as a view of it.
   */
  read(start: number, length: number, into?: Uint8Array): Buffer;
  /** Lets the file go; a later read opens it again. */
  close(): void;
}

/** Files a local store keeps open for its range readers at most; the least recently read is closed first. */
const OPEN_RANGE_FILES = 64;

/**
 * A local blob read by ranges, its file opened on the first read and kept open among the store's
 * `OPEN_RANGE_FILES` most recently read (a closed one opens again when read).
 */
class RangeFile implements RangeReader {
  private fd: number | null = null;

  constructor(
    private readonly key: string,
    private readonly path: string,
    private readonly openFiles: LRUCache<RangeFile, true>,
  ) {}

  /** Opens the file now (BlobNotFoundError when there is none). */
  open(): number {
    if (this.fd !== null) {
      this.openFiles.get(this);
      return this.fd;
    }
    try {
      this.fd = openSync(this.path, 'r');
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(this.key);
      throw err;
    }
    this.openFiles.set(this, true);
    return this.fd;
  }

  read(start: number, length: number, into?: Uint8Array): Buffer {
    if (into && into.length < length) throw new Error(`a buffer of ${into.length} bytes cannot take ${length}`);
    const fd = this.open();
    // A buffer of its own (not a slice of Node's pool), so that typed views of it can be aligned.
    const buffer = into ? Buffer.from(into.buffer, into.byteOffset, length) : Buffer.allocUnsafeSlow(length);
    let filled = 0;
    while (filled < length) {
      const n = readSync(fd, buffer, filled, length - filled, start + filled);
      if (n === 0) break;
      filled += n;
    }
    return buffer.subarray(0, filled);
  }

  close(): void {
    this.openFiles.delete(this);
  }

  /** Closes the descriptor (the cache's disposal). */
  release(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    closeSync(fd);
  }
}

/** What a worker thread needs to open the same store: the folder (and the process id), or the S3 location. */
export type BlobStoreOpening = { kind: 'local'; root: string; owner?: string } | { kind: 's3'; location: S3Location };

/** A blob the database names is missing from the store: a 404 for whoever asked. */
export class BlobNotFoundError extends AppError {
  constructor(readonly key: string) {
    super('not_found', 'The stored file was not found');
  }
}

export function isBlobNotFound(err: unknown): err is BlobNotFoundError {
  return err instanceof BlobNotFoundError;
}

/** A partial write: `.<process id>.<uuid>.part`, so a sweep can tell whose process left it. */
const PART_FILE = /^\.(?:([0-9a-f-]{36})\.)?[0-9a-f-]{36}\.part$/;

/** The process id in a partial file's name (null for names without one), or undefined if not a partial file. */
export function partFileOwner(name: string): string | null | undefined {
  const m = PART_FILE.exec(name);
  return m ? (m[1] ?? null) : undefined;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files and folders are made readable by the server's user only (0600 / 0700): the store holds
 * decrypted S-63 cells, which their permits protect everywhere else.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly openFiles = new LRUCache<RangeFile, true>({ max: OPEN_RANGE_FILES, dispose: (_, file) => file.release() });

  /** @param owner this process's id, written into partial files' names */
  constructor(
    private readonly root: string,
    private readonly owner?: string,
  ) {}

  get opening(): BlobStoreOpening {
    return { kind: 'local', root: this.rootPath, ...(this.owner ? { owner: this.owner } : {}) };
  }

  get rootPath(): string {
    return resolve(this.root);
  }

  /** Makes the store's folder (0700), closing it to other users also when an older install made it. */
  async prepare(): Promise<void> {
    await mkdir(this.rootPath, { recursive: true, mode: 0o700 });
    await chmod(this.rootPath, 0o700);
  }

  private pathOf(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, source: Readable | Uint8Array): Promise<{ key: string; size: number }> {
    const target = this.pathOf(key);
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

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      const handle = await open(path, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async readRange(key: string, start: number, length: number, into?: Uint8Array): Promise<Buffer> {
    if (into && into.length < length) throw new Error(`a buffer of ${into.length} bytes cannot take ${length}`);
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
    try {
      const buffer = into ? Buffer.from(into.buffer, into.byteOffset, length) : Buffer.alloc(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async openRanges(key: string): Promise<RangeReader> {
    const file = new RangeFile(key, this.pathOf(key), this.openFiles);
    file.open();
    return file;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const tmp = join(dirname(target), `.${this.owner ? `${this.owner}.` : ''}${randomUUID()}.part`);
    try {
      await copyFile(this.pathOf(from), tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      if (isMissing(err)) throw new BlobNotFoundError(from);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async listFolders(prefix: string): Promise<BlobFolder[]> {
    const dir = this.pathOf(prefix);
    const folders: BlobFolder[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      const info = await stat(join(dir, entry.name)).catch(() => null);
      if (!info) continue;
      folders.push({ name: entry.name, lastModifiedMs: info.mtimeMs, isEmpty: !(await hasFiles(join(dir, entry.name))) });
    }
    return folders;
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.replace(/\/+$/, '');
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && partFileOwner(entry.name) === undefined) keys.push(relative(this.rootPath, path).split(sep).join('/'));
      }
    };
    await walk(base ? this.pathOf(base) : this.rootPath);
    return keys.sort();
  }

  removeDeadPartials(live: Set<string>, olderThanMs: number): Promise<number> {
    return removeDeadParts(this.rootPath, live, olderThanMs);
  }

  async withFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const path = this.pathOf(key);
    if ((await this.size(key)) === null) throw new BlobNotFoundError(key);
    return use(path);
  }

  presignGet(): Promise<string | null> {
    return Promise.resolve(null);
  }

  close(): Promise<void> {
    this.openFiles.clear();
    return Promise.resolve();
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || (await hasFiles(join(dir, entry.name)))) return true;
  }
  return false;
}

/** Removes partial files (`*.part`) left by processes that are gone; returns how many. */
async function removeDeadParts(dir: string, live: Set<string>, olderThan: number): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const full = join(dir, name);
    const info = await stat(full).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      removed += await removeDeadParts(full, live, olderThan);
      continue;
    }
    const owner = partFileOwner(name);
    if (owner === undefined) continue;
    // Without an owner in its name, a partial file is only known dead once older than any request can last.
    if (owner === null ? info.mtimeMs < olderThan : !live.has(owner)) {
      await rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}
