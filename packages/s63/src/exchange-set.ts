// Reading an S-63 exchange set zip: ENC_ROOT tree with CATALOG.031 and encrypted cells, INFO files
// (SERIAL.ENC, PRODUCTS.TXT) and PERMIT.TXT wherever it lies. Entries are read one at a time; the
// reading itself is exchange-set-steps.ts, driven here over bytes (sync) or a ZipSource (async).
import type { CatalogEntry } from './catalog.js';
import { exchangeSetSteps, resolveReadOptions, type ExchangeSetSteps } from './exchange-set-steps.js';
import type { ProductsFile, SerialInfo } from './info-files.js';
import type { ZipLimits } from './limits.js';
import type { PermitFile } from './permit-file.js';
import { listZipEntries, readZipEntry } from './zip-reader.js';
import { listZipEntriesFrom, readZipEntryFrom } from './zip-source-reader.js';
import type { ZipSource } from './zip-source.js';

export type CellStatus = 'decrypted' | 'no_permit' | 'permit_expired' | 'wrong_key' | 'corrupt';

export interface ExchangeSetCell {
  /** Cell name, e.g. "NO4D0512". */
  name: string;
  /** Path of the encrypted file inside the exchange set. */
  file: string;
  edition?: number;
  /** 0 for the base cell (.000), n for update .00n. */
  update: number;
  status: CellStatus;
  reason?: string;
  /** Which permit key decrypted the cell: 0 = CK1, 1 = CK2. */
  keyIndex?: number;
  /** Expiry date (YYYYMMDD) of the permit used or found. */
  permitExpiry?: string;
  /** The plain S-57 file, when decrypted (and keepData is not false). */
  data?: Uint8Array;
}

export interface ExchangeSet {
  cells: ExchangeSetCell[];
  catalog?: CatalogEntry[];
  permitFile?: PermitFile;
  products?: ProductsFile;
  serial?: SerialInfo;
  /** Paths of the info files found, e.g. { catalog: "V01X01/ENC_ROOT/CATALOG.031" }. */
  paths: { catalog?: string; permitFile?: string; products?: string; serial?: string };
}

export interface ReadExchangeSetOptions {
  hwId: string;
  /** Reference date for permit expiry (YYYYMMDD or Date); today when absent. */
  date?: string | Date;
  limits?: Partial<ZipLimits>;
  /** A PERMIT.TXT supplied apart from the zip; used when the zip holds none. */
  permitFile?: string | PermitFile;
  /** Keep decrypted bytes on each cell (default true). Set false with onCell for large sets. */
  keepData?: boolean;
  /** Called once per cell as soon as it is processed, with its data when decrypted. */
  onCell?: (cell: ExchangeSetCell) => void;
}

export interface ReadExchangeSetFromOptions extends Omit<ReadExchangeSetOptions, 'keepData' | 'onCell'> {
  /**
   * Called once per cell, with its data when decrypted, and awaited before the next entry is read.
   * The data is dropped from the cell afterwards: the report never holds the cells' bytes.
   */
  onCell?: (cell: ExchangeSetCell) => Promise<void> | void;
}

/** Reads an exchange set held in memory; every cell keeps its data unless keepData is false. */
export function readExchangeSet(zip: Uint8Array, options: ReadExchangeSetOptions): ExchangeSet {
  const resolved = resolveReadOptions(options, options.keepData === false);
  const steps: ExchangeSetSteps = exchangeSetSteps(listZipEntries(zip, resolved.limits), resolved);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ('cell' in step) {
      options.onCell?.(step.cell);
      next = steps.next();
      continue;
    }
    let data: Uint8Array;
    try {
      data = readZipEntry(zip, step.read, resolved.limits);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(data);
  }
  return next.value;
}

/**
 * Reads an exchange set through a ZipSource (e.g. a file, see openFileSource in
 * '@chartroom/s63/node'): the central directory from the tail, then one entry at a time, so at most
 * one cell is in memory however large the set.
 */
export async function readExchangeSetFrom(source: ZipSource, options: ReadExchangeSetFromOptions): Promise<ExchangeSet> {
  const resolved = resolveReadOptions(options, true);
  const steps: ExchangeSetSteps = exchangeSetSteps(await listZipEntriesFrom(source, resolved.limits), resolved);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ('cell' in step) {
      await options.onCell?.(step.cell);
      next = steps.next();
      continue;
    }
    let data: Uint8Array;
    try {
      data = await readZipEntryFrom(source, step.read, resolved.limits);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(data);
  }
  return next.value;
}
