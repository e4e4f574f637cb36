// A minimal, defensive ZIP reader over an in-memory archive: lists the central directory and
// inflates one entry at a time into a buffer of exactly its declared size, then checks its CRC-32.
import { inflateSync } from 'fflate';
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';
import { resolveLimits, type ZipLimits } from './limits.js';

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  isDirectory: boolean;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

export function looksLikeZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 3 && data[3] === 4;
}

function corrupt(message: string): S63Error {
  return new S63Error('corrupt', message);
}

/** Lists the entries of a zip (central directory), refusing zip64 and more than maxEntries entries. */
export function listZipEntries(zip: Uint8Array, limits?: Partial<ZipLimits>): ZipEntry[] {
  const { maxEntries } = resolveLimits(limits);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('not a zip archive (no end of central directory)');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new S63Error('limit_exceeded', 'zip64 archives are not supported');
  if (count > maxEntries) throw new S63Error('limit_exceeded', `zip has ${count} entries, more than the limit of ${maxEntries}`);
  if (cdOffset + cdSize > zip.length) throw corrupt('zip central directory lies outside the file');
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > zip.length || view.getUint32(p, true) !== CEN_SIG) throw corrupt('zip central directory is damaged');
    const flags = view.getUint16(p + 8, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (flags & 1) throw new S63Error('corrupt', 'zip entries are password-protected');
    const name = decoder.decode(zip.subarray(p + 46, p + 46 + nameLen));
    const entry: ZipEntry = {
      name,
      method: view.getUint16(p + 10, true),
      crc: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localOffset: view.getUint32(p + 42, true),
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) {
      throw new S63Error('limit_exceeded', 'zip64 entries are not supported');
    }
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Checks an entry's declared sizes against the limits before anything is inflated. */
export function checkEntryLimits(entry: ZipEntry, limits?: Partial<ZipLimits>): void {
  const { maxEntrySize, maxRatio } = resolveLimits(limits);
  if (entry.size > maxEntrySize) {
    throw new S63Error('limit_exceeded', `zip entry ${entry.name} is ${entry.size} bytes, more than the limit of ${maxEntrySize}`);
  }
  if (entry.size > 1024 * 1024 && entry.size > maxRatio * Math.max(1, entry.compressedSize)) {
    throw new S63Error('limit_exceeded', `zip entry ${entry.name} compresses more than ${maxRatio}:1 (zip bomb?)`);
  }
}

/** Inflates one entry (stored or deflated), never beyond its declared size, and verifies its CRC-32. */
export function readZipEntry(zip: Uint8Array, entry: ZipEntry, limits?: Partial<ZipLimits>): Uint8Array {
  checkEntryLimits(entry, limits);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const p = entry.localOffset;
  if (p + 30 > zip.length || view.getUint32(p, true) !== LOC_SIG) throw corrupt(`zip entry ${entry.name} has no local header`);
  const start = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw corrupt(`zip entry ${entry.name} is truncated`);
  const raw = zip.subarray(start, end);
  let data: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw corrupt(`stored zip entry ${entry.name} has inconsistent sizes`);
    data = raw.slice();
  } else if (entry.method === 8) {
    const out = new Uint8Array(entry.size);
    try {
      data = inflateSync(raw, { out });
    } catch (err) {
      throw corrupt(`zip entry ${entry.name} does not inflate: ${(err as Error).message}`);
    }
    if (data.length !== entry.size) throw corrupt(`zip entry ${entry.name} inflates to ${data.length} bytes, not ${entry.size}`);
  } else {
    throw corrupt(`zip entry ${entry.name} uses unsupported compression method ${entry.method}`);
  }
  if (crc32(data) !== entry.crc) throw corrupt(`zip entry ${entry.name} fails its CRC-32 check`);
  return data;
}
