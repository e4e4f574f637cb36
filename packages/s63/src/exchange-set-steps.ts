// What reading an exchange set does, written once for both readers: a generator that asks for one
// zip entry at a time ({ read }) and announces each finished cell ({ cell }). readExchangeSet drives
// it synchronously over bytes, readExchangeSetFrom asynchronously over a ZipSource; an entry that
// fails to read is thrown back in at its `yield`, so a damaged cell is reported, not fatal.
import { parseCatalog } from './catalog.js';
import { decryptCell, type CellScratch } from './cell-crypto.js';
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';
import type { ExchangeSet, ExchangeSetCell } from './exchange-set-types.js';
import { checkFiveHex, toYyyymmdd } from './ids.js';
import { parseProducts, parseSerial } from './info-files.js';
import { resolveLimits, safeEntryPath, type ZipLimits } from './limits.js';
import { readS57IssueDate } from './dsid-dates.js';
import { checkPermits } from './permit-check.js';
import { judgePermitExpiry } from './permit-expiry.js';
import { signatureFileName } from './signature-file.js';
import { parsePermitFile, permitsForCell, type PermitFile } from './permit-file.js';
import { checkEntryLimits, type ZipEntry } from './zip-reader.js';

/** `reusable`: an encrypted cell, consumed before the next step, so its bytes may go in a buffer used again. */
export type ExchangeSetStep = { read: ZipEntry; reusable?: boolean } | { cell: ExchangeSetCell };
export type ExchangeSetSteps = Generator<ExchangeSetStep, ExchangeSet, Uint8Array | undefined>;

export interface ResolvedReadOptions {
  hwId: string;
  date: string;
  limits: ZipLimits;
  permitFile?: string | PermitFile;
  /** Drop each cell's data once it has been announced. */
  dropData: boolean;
  /** Buffers the cells are decrypted into, used again for the next cell (with dropData only). */
  scratch?: CellScratch;
}

export function resolveReadOptions(
  options: { hwId: string; date?: string | Date; limits?: Partial<ZipLimits>; permitFile?: string | PermitFile },
  dropData: boolean,
): ResolvedReadOptions {
  const resolved: ResolvedReadOptions = {
    hwId: checkFiveHex(options.hwId, 'HW_ID'),
    date: toYyyymmdd(options.date),
    limits: resolveLimits(options.limits),
    dropData,
  };
  if (options.permitFile !== undefined) resolved.permitFile = options.permitFile;
  return resolved;
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

export function* exchangeSetSteps(listed: ZipEntry[], options: ResolvedReadOptions): ExchangeSetSteps {
  const { hwId, date, limits } = options;
  const entries = listed.filter((e) => !e.isDirectory).map((entry) => ({ entry, path: safeEntryPath(entry.name) }));
  // Refuse oversized or bomb-like entries before inflating anything.
  for (const { entry } of entries) checkEntryLimits(entry, limits);
  let total = 0;
  function* read(entry: ZipEntry, reusable = false): Generator<ExchangeSetStep, Uint8Array, Uint8Array | undefined> {
    total += entry.size;
    if (total > limits.maxTotalSize) throw new S63Error('limit_exceeded', `exchange set expands beyond ${limits.maxTotalSize} bytes`);
    const data = yield { read: entry, reusable };
    if (!data) throw new Error(`no bytes were given for zip entry ${entry.name}`);
    return data;
  }
  function* readText(path: string | undefined): Generator<ExchangeSetStep, string | undefined, Uint8Array | undefined> {
    const hit = path === undefined ? undefined : entries.find((e) => e.path === path);
    return hit ? textDecoder.decode(yield* read(hit.entry)) : undefined;
  }

  const result: ExchangeSet = { cells: [], paths: {} };
  const catalogPath = findInfo(entries, 'CATALOG.031', 'ENC_ROOT');
  const permitPath = findInfo(entries, 'PERMIT.TXT');
  const productsPath = findInfo(entries, 'PRODUCTS.TXT');
  const serialPath = findInfo(entries, 'SERIAL.ENC');
  const crcByPath = new Map<string, string>();
  if (catalogPath) {
    result.paths.catalog = catalogPath;
    const hit = entries.find((e) => e.path === catalogPath)!;
    result.catalog = parseCatalog(yield* read(hit.entry));
    const dir = catalogPath.includes('/') ? catalogPath.slice(0, catalogPath.lastIndexOf('/') + 1) : '';
    for (const c of result.catalog) if (c.crc) crcByPath.set((dir + c.file).toUpperCase(), c.crc);
  }
  const permitText = yield* readText(permitPath);
  if (permitText !== undefined && permitPath) {
    result.paths.permitFile = permitPath;
    result.permitFile = parsePermitFile(permitText);
  } else if (options.permitFile !== undefined) {
    result.permitFile = typeof options.permitFile === 'string' ? parsePermitFile(options.permitFile) : options.permitFile;
  }
  const productsText = yield* readText(productsPath);
  if (productsText !== undefined && productsPath) {
    result.paths.products = productsPath;
    result.products = parseProducts(productsText);
  }
  const serialText = yield* readText(serialPath);
  if (serialText !== undefined && serialPath) {
    result.paths.serial = serialPath;
    result.serial = parseSerial(serialText);
  }

  // A cell's signature file (S + the name's last seven characters, beside it) is not a cell.
  const signatures = new Set(
    entries
      .filter((e) => CELL_FILE_RE.test(baseName(e.path)) && !baseName(e.path).startsWith('S'))
      .map((e) => signatureFileName(e.path).toUpperCase()),
  );
  const cellEntries = entries
    .map((e) => ({ ...e, match: CELL_FILE_RE.exec(baseName(e.path)) }))
    .filter((e) => e.match !== null && !signatures.has(e.path.toUpperCase()))
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const { entry, path, match } of cellEntries) {
    const name = match![1]!.toUpperCase();
    const cell: ExchangeSetCell = { name, file: path, update: Number(match![2]), status: 'corrupt' };
    const records = result.permitFile ? permitsForCell(result.permitFile, name) : [];
    const edition =
      editionFromPath(path) ??
      result.products?.enc.find((p) => p.cellName === name)?.edition ??
      records.find((r) => r.edition !== undefined)?.edition;
    if (edition !== undefined) cell.edition = edition;
    yield* processCell(
      cell,
      // Decrypted and checked before the next step: nothing keeps the encrypted bytes.
      read(entry, true),
      crcByPath.get(path.toUpperCase()),
      checkPermits(records, hwId, date),
      limits,
      date,
      options.dropData ? options.scratch : undefined,
    );
    yield { cell };
    if (options.dropData) delete cell.data;
    result.cells.push(cell);
  }
  return result;
}

function* processCell(
  cell: ExchangeSetCell,
  readEncrypted: Generator<ExchangeSetStep, Uint8Array, Uint8Array | undefined>,
  catalogCrc: string | undefined,
  check: ReturnType<typeof checkPermits>,
  limits: ZipLimits,
  date: string,
  scratch: CellScratch | undefined,
): Generator<ExchangeSetStep, void, Uint8Array | undefined> {
  if (!check.ok) {
    cell.status = check.status;
    cell.reason = check.reason;
    if (check.expiry) cell.permitExpiry = check.expiry;
    return;
  }
  cell.permitExpiry = check.permit.expiry;
  try {
    const encrypted = yield* readEncrypted;
    const decrypted = decryptCell(encrypted, [check.permit.ck1, check.permit.ck2], limits, scratch);
    if (catalogCrc !== undefined && !crcMatches(catalogCrc, encrypted, decrypted.data)) {
      throw new S63Error('corrupt', `CRC in CATALOG.031 (${catalogCrc}) does not match the file`);
    }
    cell.keyIndex = decrypted.keyIndex;
    const decision = judgePermitExpiry({
      file: `${cell.name}.${String(cell.update).padStart(3, '0')}`,
      expiry: check.permit.expiry,
      date,
      issueDate: readS57IssueDate(decrypted.data),
    });
    if (!decision.allowed) {
      cell.status = 'permit_expired';
      cell.reason = decision.reason;
      return;
    }
    cell.status = 'decrypted';
    if (decision.warnings.length > 0) cell.warnings = decision.warnings;
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
