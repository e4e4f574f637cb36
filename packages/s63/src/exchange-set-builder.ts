// Assembles an S-63 exchange set zip from already encrypted cells (for tests, fixtures and servers):
// <root>/ENC_ROOT/CATALOG.031, <root>/ENC_ROOT/<producer>/<cell>/<edition>/<update>/<cell>.00n,
// <root>/INFO/PRODUCTS.TXT and SERIAL.ENC, and PERMIT.TXT where asked.
import { zipSync, type Zippable } from 'fflate';
import { ascii } from './bytes.js';
import { writeCatalog } from './catalog-writer.js';
import { crc32 } from './crc32.js';
import { checkCellName } from './ids.js';
import { safeEntryPath } from './limits.js';

export interface BuildCell {
  name: string;
  edition: number;
  update: number;
  /** The encrypted file (see encryptCell). */
  encrypted: Uint8Array;
  /** Issue date YYYYMMDD for PRODUCTS.TXT. */
  issueDate?: string;
}

export interface BuildExchangeSetOptions {
  cells: BuildCell[];
  /** Folder above ENC_ROOT; default "V01X01". Empty string for none. */
  root?: string;
  /** PERMIT.TXT text; omitted when absent. */
  permitText?: string;
  /** Where PERMIT.TXT goes, relative to the zip root; default "<root>/PERMIT.TXT". */
  permitPath?: string;
  dataServerId?: string;
  /** YYYYMMDD written in SERIAL.ENC and PRODUCTS.TXT; default 20240101. */
  date?: string;
  /** Extra files to add (path relative to the zip root). */
  extra?: Record<string, Uint8Array>;
}

export function cellPathInEncRoot(cell: Pick<BuildCell, 'name' | 'edition' | 'update'>): string {
  const name = checkCellName(cell.name);
  return `${name.slice(0, 2)}/${name}/${cell.edition}/${cell.update}/${name}.${String(cell.update).padStart(3, '0')}`;
}

export function buildExchangeSet(options: BuildExchangeSetOptions): Uint8Array {
  const root = options.root ?? 'V01X01';
  const prefix = root === '' ? '' : `${root}/`;
  const date = options.date ?? '20240101';
  const server = (options.dataServerId ?? 'XX').padEnd(2).slice(0, 2);
  const files: Zippable = {};
  const products = [`:DATE ${date} 00:00`, ':VERSION 2', ':ENC'];
  const latest = new Map<string, BuildCell>();
  for (const cell of options.cells) {
    const path = cellPathInEncRoot(cell);
    files[`${prefix}ENC_ROOT/${path}`] = [cell.encrypted, { level: 0 }];
    const seen = latest.get(cell.name);
    if (!seen || cell.update > seen.update) latest.set(cell.name, cell);
  }
  for (const cell of latest.values()) {
    products.push(`${cell.name},${cell.issueDate ?? date},${cell.edition},${cell.issueDate ?? date},${cell.update},,,,,,,,1,1,0,0,,`);
  }
  products.push(':ECS');
  files[`${prefix}ENC_ROOT/CATALOG.031`] = writeCatalog(
    options.cells.map((c) => ({ file: cellPathInEncRoot(c), crc: crc32(c.encrypted) })),
  );
  files[`${prefix}INFO/PRODUCTS.TXT`] = ascii(products.join('\r\n') + '\r\n');
  files[`${prefix}INFO/SERIAL.ENC`] = ascii(`${server}WK01-24   ${date}BASE      02.00V01X01\r\n`);
  if (options.permitText !== undefined) files[safeEntryPath(options.permitPath ?? `${prefix}PERMIT.TXT`)] = ascii(options.permitText);
  for (const [path, data] of Object.entries(options.extra ?? {})) files[path] = data;
  return zipSync(files, { mtime: new Date(Date.UTC(2024, 0, 1)) });
}
