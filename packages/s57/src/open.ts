// The lazy cell opener the command uses (`openCellIndex`), apart from the rest of the Node helpers
// so that `s57 info` and `s57 geojson` load only what they need (re-exported by node.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { S57Error } from './errors.js';
import { indexCell, type CellIndex } from './s57/lazy.js';
import { scanS57 } from './s57/scan.js';

export interface OpenOptions {
  /** 'apply' (default) applies NAME.001, NAME.002 ... found beside a .000 base cell; 'ignore' reads the file alone. */
  updates?: 'apply' | 'ignore';
}

/** @internal The bytes of a file as a plain Uint8Array; throws S57Error 'io'. */
export function readBytes(path: string): Uint8Array {
  try {
    const buf = readFileSync(path);
    // A plain Uint8Array view: Buffer's own subarray/slice are slower on hot paths.
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new S57Error('io', `cannot read ${path}: ${err.code ?? err.message}`, { file: path });
  }
}

/** Paths of the update files following a .000 base cell, in order (stops at the first gap, as GDAL does). */
export function findUpdateFiles(basePath: string): string[] {
  const m = /^(.*)\.000$/i.exec(basename(basePath));
  if (!m) return [];
  const dir = dirname(basePath);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: string[] = [];
  for (let i = 1; i < 1000; i++) {
    const name = byLower.get(`${m[1]!.toLowerCase()}.${String(i).padStart(3, '0')}`);
    if (!name) break;
    out.push(join(dir, name));
  }
  return out;
}

/**
 * Like `openCellWithUpdates` (node.ts), but lazily: one scan of each file, records decoded only when asked
 * for (`getCellInfo` reads the metadata, counts per class and the M_COVR geometry only).
 */
export function openCellIndex(path: string, opts: OpenOptions = {}): CellIndex {
  const base = scanS57(readBytes(path), { fileName: basename(path) });
  if (opts.updates === 'ignore' || base.isUpdateFile) return indexCell(base);
  const files = findUpdateFiles(path);
  return indexCell(
    base,
    files.map((f) => scanS57(readBytes(f), { fileName: basename(f) })),
  );
}
