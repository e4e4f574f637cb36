// Node helpers: read an exchange set from disk and write its decrypted cells into a folder,
// never outside it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { S63Error } from './errors.js';
import { readExchangeSet, type ExchangeSet, type ExchangeSetCell, type ReadExchangeSetOptions } from './exchange-set.js';
import { safeEntryPath } from './limits.js';

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

export function readExchangeSetFile(path: string, options: ReadExchangeSetOptions): ExchangeSet {
  return readExchangeSet(readFileSync(path), options);
}
