// The shapes of a read exchange set and of the options for reading one (kept apart from the reader,
// exchange-set.ts, so that its steps, exchange-set-steps.ts, can name them without importing it).
import type { CatalogEntry } from './catalog.js';
import type { ProductsFile, SerialInfo } from './info-files.js';
import type { ZipLimits } from './limits.js';
import type { PermitFile } from './permit-file.js';
import type { PermitWarning } from './permit-expiry.js';

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
  /** S-63 warnings for a decrypted cell: SSE 20 (permit expires within 30 days), SSE 25 (permit expired). */
  warnings?: PermitWarning[];
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
   * The data is dropped from the cell afterwards: the report never holds the cells' bytes. The
   * next cell is decrypted into the same buffer: copy the data if it must outlive the call.
   */
  onCell?: (cell: ExchangeSetCell) => Promise<void> | void;
}
