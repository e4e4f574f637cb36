// Reading an S-63 exchange set zip: ENC_ROOT tree with CATALOG.031 and encrypted cells, INFO files
// (SERIAL.ENC, PRODUCTS.TXT) and PERMIT.TXT wherever it lies. Entries are read one at a time.
import { parseCatalog, type CatalogEntry } from './catalog.js';
import { decryptCell } from './cell-crypto.js';
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';
import { checkFiveHex, toYyyymmdd } from './ids.js';
import { parseProducts, parseSerial, type ProductsFile, type SerialInfo } from './info-files.js';
import { resolveLimits, safeEntryPath, type ZipLimits } from './limits.js';
import { checkPermits } from './permit-check.js';
import { parsePermitFile, permitsForCell, type PermitFile } from './permit-file.js';
import { checkEntryLimits, listZipEntries, readZipEntry, type ZipEntry } from './zip-reader.js';

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

const CELL_FILE_RE = /^([A-Z0-9]{8})\.(\d{3})$/i;
const textDecoder = new TextDecoder('latin1');

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function findInfo(entries: { path: string }[], name: string, prefer?: string): string | undefined {
  const hits = entries.filter((e) => baseName(e.path).toUpperCase() === name).map((e) => e.path);
  const rank = (p: string): number => (prefer && p.toUpperCase().split('/').includes(prefer) ? 0 : 1000) + p.split('/').length;
  hits.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return hits[0];
}

/** Edition from the S-63 layout ENC_ROOT/…/NAME/EDITION/UPDATE/NAME.00U, when numeric. */
function editionFromPath(path: string): number | undefined {
  const parts = path.split('/');
  const ed = parts[parts.length - 3];
  const up = parts[parts.length - 2];
  return ed !== undefined && up !== undefined && /^\d+$/.test(ed) && /^\d+$/.test(up) ? Number(ed) : undefined;
}

export function readExchangeSet(zip: Uint8Array, options: ReadExchangeSetOptions): ExchangeSet {
  const hwId = checkFiveHex(options.hwId, 'HW_ID');
  const date = toYyyymmdd(options.date);
  const limits = resolveLimits(options.limits);
  const entries = listZipEntries(zip, limits)
    .filter((e) => !e.isDirectory)
    .map((entry) => ({ entry, path: safeEntryPath(entry.name) }));
  // Refuse oversized or bomb-like entries before inflating anything.
  for (const { entry } of entries) checkEntryLimits(entry, limits);
  let total = 0;
  const read = (entry: ZipEntry): Uint8Array => {
    total += entry.size;
    if (total > limits.maxTotalSize) throw new S63Error('limit_exceeded', `exchange set expands beyond ${limits.maxTotalSize} bytes`);
    return readZipEntry(zip, entry, limits);
  };
  const readText = (path: string | undefined): string | undefined => {
    const hit = path === undefined ? undefined : entries.find((e) => e.path === path);
    return hit ? textDecoder.decode(read(hit.entry)) : undefined;
  };

  const result: ExchangeSet = { cells: [], paths: {} };
  const catalogPath = findInfo(entries, 'CATALOG.031', 'ENC_ROOT');
  const permitPath = findInfo(entries, 'PERMIT.TXT');
  const productsPath = findInfo(entries, 'PRODUCTS.TXT');
  const serialPath = findInfo(entries, 'SERIAL.ENC');
  const crcByPath = new Map<string, string>();
  if (catalogPath) {
    result.paths.catalog = catalogPath;
    const hit = entries.find((e) => e.path === catalogPath)!;
    result.catalog = parseCatalog(read(hit.entry));
    const dir = catalogPath.includes('/') ? catalogPath.slice(0, catalogPath.lastIndexOf('/') + 1) : '';
    for (const c of result.catalog) if (c.crc) crcByPath.set((dir + c.file).toUpperCase(), c.crc);
  }
  const permitText = readText(permitPath);
  if (permitText !== undefined && permitPath) {
    result.paths.permitFile = permitPath;
    result.permitFile = parsePermitFile(permitText);
  } else if (options.permitFile !== undefined) {
    result.permitFile = typeof options.permitFile === 'string' ? parsePermitFile(options.permitFile) : options.permitFile;
  }
  const productsText = readText(productsPath);
  if (productsText !== undefined && productsPath) {
    result.paths.products = productsPath;
    result.products = parseProducts(productsText);
  }
  const serialText = readText(serialPath);
  if (serialText !== undefined && serialPath) {
    result.paths.serial = serialPath;
    result.serial = parseSerial(serialText);
  }

  const cellEntries = entries
    .map((e) => ({ ...e, match: CELL_FILE_RE.exec(baseName(e.path)) }))
    .filter((e) => e.match !== null)
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const { entry, path, match } of cellEntries) {
    const name = match![1]!.toUpperCase();
    const cell: ExchangeSetCell = { name, file: path, update: Number(match![2]), status: 'corrupt' };
    const records = result.permitFile ? permitsForCell(result.permitFile, name) : [];
    const edition = editionFromPath(path) ?? result.products?.enc.find((p) => p.cellName === name)?.edition ?? records.find((r) => r.edition !== undefined)?.edition;
    if (edition !== undefined) cell.edition = edition;
    processCell(cell, () => read(entry), crcByPath.get(path.toUpperCase()), checkPermits(records, hwId, date), limits);
    options.onCell?.(cell);
    if (options.keepData === false) delete cell.data;
    result.cells.push(cell);
  }
  return result;
}

function processCell(
  cell: ExchangeSetCell,
  readEncrypted: () => Uint8Array,
  catalogCrc: string | undefined,
  check: ReturnType<typeof checkPermits>,
  limits: ZipLimits,
): void {
  if (!check.ok) {
    cell.status = check.status;
    cell.reason = check.reason;
    if (check.expiry) cell.permitExpiry = check.expiry;
    return;
  }
  cell.permitExpiry = check.permit.expiry;
  try {
    const encrypted = readEncrypted();
    const decrypted = decryptCell(encrypted, [check.permit.ck1, check.permit.ck2], limits);
    if (catalogCrc !== undefined && !crcMatches(catalogCrc, encrypted, decrypted.data)) {
      throw new S63Error('corrupt', `CRC in CATALOG.031 (${catalogCrc}) does not match the file`);
    }
    cell.status = 'decrypted';
    cell.keyIndex = decrypted.keyIndex;
    cell.data = decrypted.data;
  } catch (err) {
    if (!(err instanceof S63Error) || err.code === 'limit_exceeded' || err.code === 'zip_unsafe') throw err;
    cell.status = err.code === 'wrong_key' ? 'wrong_key' : 'corrupt';
    cell.reason = err.message;
  }
}

/** CATALOG.031 CRCs may lack leading zeros: compare as numbers, against the encrypted or plain file. */
function crcMatches(written: string, encrypted: Uint8Array, plain: Uint8Array): boolean {
  const value = Number.parseInt(written, 16);
  return value === crc32(encrypted) || value === crc32(plain);
}
