// Node.js file helpers: opening a cell with the update files beside it, verifying the CRCs an
// exchange set's CATALOG.031 lists.
// Kept apart from the core so the rest of the package stays browser-safe.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crc32, crcMatches, formatCrc, readExchangeCatalogue, type ExchangeCatalogueEntry } from './exchange-catalogue.js';
import type { S57Dataset } from './s57/model.js';
import { readS57 } from './s57/read.js';
import { applyUpdates } from './s57/update.js';
import { findUpdateFiles, readBytes, type OpenOptions } from './open.js';

export { findUpdateFiles, openCellIndex, type OpenOptions } from './open.js';

/** Reads one S-57 file (base cell or update) from disk. */
export function readS57File(path: string): S57Dataset {
  return readS57(readBytes(path), { fileName: basename(path) });
}

/** Opens a cell; a .000 base cell gets its update files applied unless `updates: 'ignore'`. */
export function openCellWithUpdates(path: string, opts: OpenOptions = {}): S57Dataset {
  const base = readS57File(path);
  if (opts.updates === 'ignore' || base.isUpdateFile) return base;
  const files = findUpdateFiles(path);
  if (files.length === 0) return base;
  return applyUpdates(base, files.map(readS57File));
}

export interface CatalogCheck extends ExchangeCatalogueEntry {
  /** Path of the file on disk, or null when it is not present. */
  path: string | null;
  /** CRC computed from the file, as 8 hexadecimal digits. */
  actualCrc: string | null;
  /** 'ok', 'mismatch', 'missing' (file absent), or 'no_crc' (the entry declares none). */
  status: 'ok' | 'mismatch' | 'missing' | 'no_crc';
}

function locate(dir: string, file: string): string | null {
  const parts = file.split(/[\\/]+/).filter((p) => p !== '');
  // Try the path as written below the catalogue's folder, then its last component(s) alone.
  for (let skip = 0; skip < parts.length; skip++) {
    const candidate = join(dir, ...parts.slice(skip));
    if (existsSync(candidate)) return candidate;
    const lower = findCaseInsensitive(dir, parts.slice(skip));
    if (lower) return lower;
  }
  return null;
}

function findCaseInsensitive(dir: string, parts: string[]): string | null {
  let cur = dir;
  for (const p of parts) {
    let names: string[];
    try {
      names = readdirSync(cur);
    } catch {
      return null;
    }
    const hit = names.find((n) => n.toLowerCase() === p.toLowerCase());
    if (!hit) return null;
    cur = join(cur, hit);
  }
  return cur;
}

/** Reads a CATALOG.031 and checks the CRC of every entry whose file is present beside it. */
export function verifyExchangeCatalogue(catalogPath: string): CatalogCheck[] {
  const entries = readExchangeCatalogue(readBytes(catalogPath));
  const dir = dirname(catalogPath);
  return entries.map((e) => {
    const path = e.file ? locate(dir, e.file) : null;
    if (!path) return { ...e, path: null, actualCrc: null, status: 'missing' as const };
    const actual = crc32(readBytes(path));
    const status = e.crc === null ? ('no_crc' as const) : crcMatches(e.crc, actual) ? ('ok' as const) : ('mismatch' as const);
    return { ...e, path, actualCrc: formatCrc(actual), status };
  });
}

/** The public name the package has always had for `verifyExchangeCatalogue`. */
export { verifyExchangeCatalogue as verifyCatalog };
