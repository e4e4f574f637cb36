// Node helpers: read an exchange set from disk (all at once, or through a file source one entry at
// a time) and write its decrypted cells into a folder, never outside it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { S63Error } from './errors.js';
import {
  readExchangeSet,
  readExchangeSetFrom,
  type ExchangeSet,
  type ExchangeSetCell,
  type ReadExchangeSetFromOptions,
  type ReadExchangeSetOptions,
} from './exchange-set.js';
import { safeEntryPath } from './limits.js';
import { checkReadRange, type ZipSource } from './zip-source.js';

/** Resolves relPath inside dir, throwing S63Error('zip_unsafe') if it would land anywhere else. */
export function resolveInside(dir: string, relPath: string): string {
  const root = resolve(dir);
  const target = resolve(root, safeEntryPath(relPath));
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) {
    throw new S63Error('zip_unsafe', `path ${JSON.stringify(relPath)} would leave ${root}`);
  }
  return target;
}

/** Writes bytes to dir/relPath, creating folders, refusing paths that escape dir. */
export function writeFileInside(dir: string, relPath: string, data: Uint8Array): string {
  const target = resolveInside(dir, relPath);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
  return target;
}

export interface WrittenExchangeSet extends ExchangeSet {
  /** Absolute paths of the files written. */
  written: string[];
}

export interface WriteExchangeSetOptions extends Omit<ReadExchangeSetOptions, 'onCell' | 'keepData'> {
  /** Write cells flat as NAME.00n instead of keeping their path inside the set. */
  flat?: boolean;
}

/**
 * Decrypts every cell of an exchange set it has a valid permit for and writes the plain files
 * into outDir as they are decrypted (one cell in memory at a time). Returns the report.
 */
export function writeExchangeSet(zip: Uint8Array, outDir: string, options: WriteExchangeSetOptions): WrittenExchangeSet {
  const written: string[] = [];
  const onCell = (cell: ExchangeSetCell): void => {
    if (cell.status !== 'decrypted' || !cell.data) return;
    const rel = options.flat ? cell.file.slice(cell.file.lastIndexOf('/') + 1) : cell.file;
    written.push(writeFileInside(outDir, rel, cell.data));
  };
  const set = readExchangeSet(zip, { ...options, keepData: false, onCell });
  return { ...set, written };
}

/** Reads the whole file into memory first: for large sets use readExchangeSetFromFile. */
export function readExchangeSetFile(path: string, options: ReadExchangeSetOptions): ExchangeSet {
  return readExchangeSet(readFileSync(path), options);
}

export interface FileSource extends ZipSource {
  close(): Promise<void>;
}

/** A ZipSource over a file on disk: each read is one positioned read; close it when done. */
export async function openFileSource(path: string): Promise<FileSource> {
  const handle = await open(path, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (err) {
    await handle.close();
    throw err;
  }
  return {
    size,
    async read(offset, length, into) {
      checkReadRange(size, offset, length, into);
      const out = into ? into.subarray(0, length) : new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(out, filled, length - filled, offset + filled);
        // The file shrank since it was opened: the same clear error as reading past its end.
        if (bytesRead === 0)
          throw new S63Error('corrupt', `zip is truncated: ${path} ends ${length - filled} bytes early at offset ${offset + filled}`);
        filled += bytesRead;
      }
      return out;
    },
    close: () => handle.close(),
  };
}

/** Opens the file, reads the exchange set through it one entry at a time, and closes it. */
export async function readExchangeSetFromFile(path: string, options: ReadExchangeSetFromOptions): Promise<ExchangeSet> {
  const source = await openFileSource(path);
  try {
    return await readExchangeSetFrom(source, options);
  } finally {
    await source.close();
  }
}
