// A minimal, defensive ZIP reader over an in-memory archive: lists the central directory and
// inflates one entry at a time into a buffer of exactly its declared size, then checks its CRC-32.
// The header parsing here is shared with zip-source-reader.ts, which reads through a ZipSource.
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';
import { inflateInto } from './inflate.js';
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

/** Where the central directory lies, from the end-of-central-directory record. */
export interface CentralDirectory {
  count: number;
  offset: number;
  size: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
/** The end record (22 bytes) plus the longest comment: all of the tail a reader ever needs to search. */
export const EOCD_SEARCH_BYTES = 22 + 0xffff;
export const LOCAL_HEADER_BYTES = 30;

export function looksLikeZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 3 && data[3] === 4;
}

export function corrupt(message: string): S63Error {
  return new S63Error('corrupt', message);
}

const viewOf = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Finds the end record in the last bytes of a zip (`tail`, the file's last min(size, 64 KiB + 22)
 * bytes) and checks the central directory it points to: no zip64, not more than maxEntries.
 */
export function findCentralDirectory(tail: Uint8Array, fileSize: number, limits?: Partial<ZipLimits>): CentralDirectory {
  const { maxEntries } = resolveLimits(limits);
  const view = viewOf(tail);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('not a zip archive (no end of central directory)');
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw new S63Error('limit_exceeded', 'zip64 archives are not supported');
  if (count > maxEntries) throw new S63Error('limit_exceeded', `zip has ${count} entries, more than the limit of ${maxEntries}`);
  if (offset + size > fileSize) throw corrupt('zip central directory lies outside the file');
  return { count, offset, size };
}

/** Parses `count` central directory records from `cd` (the directory's bytes, from its start). */
export function parseCentralDirectory(cd: Uint8Array, count: number): ZipEntry[] {
  const view = viewOf(cd);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || view.getUint32(p, true) !== CEN_SIG) throw corrupt('zip central directory is damaged');
    const flags = view.getUint16(p + 8, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (flags & 1) throw new S63Error('corrupt', 'zip entries are password-protected');
    if (p + 46 + nameLen > cd.length) throw corrupt('zip central directory is damaged');
    const name = decoder.decode(cd.subarray(p + 46, p + 46 + nameLen));
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

/** Lists the entries of a zip (central directory), refusing zip64 and more than maxEntries entries. */
export function listZipEntries(zip: Uint8Array, limits?: Partial<ZipLimits>): ZipEntry[] {
  const tailStart = Math.max(0, zip.length - EOCD_SEARCH_BYTES);
  const cd = findCentralDirectory(zip.subarray(tailStart), zip.length, limits);
  return parseCentralDirectory(zip.subarray(cd.offset, cd.offset + cd.size), cd.count);
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

/**
 * Checks an entry's local header (its first 30 bytes) and the method, and returns where its data
 * starts and ends in the file.
 */
export function locateEntryData(header: Uint8Array, entry: ZipEntry, fileSize: number): { start: number; end: number } {
  const view = viewOf(header);
  if (header.length < LOCAL_HEADER_BYTES || view.getUint32(0, true) !== LOC_SIG)
    throw corrupt(`zip entry ${entry.name} has no local header`);
  const start = entry.localOffset + LOCAL_HEADER_BYTES + view.getUint16(26, true) + view.getUint16(28, true);
  const end = start + entry.compressedSize;
  if (end > fileSize) throw corrupt(`zip entry ${entry.name} is truncated`);
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw corrupt(`stored zip entry ${entry.name} has inconsistent sizes`);
  if (entry.method !== 0 && entry.method !== 8)
    throw corrupt(`zip entry ${entry.name} uses unsupported compression method ${entry.method}`);
  return { start, end };
}

/** The last check of every entry read: exactly the declared size, and the declared CRC-32. */
export function checkEntryData(entry: ZipEntry, data: Uint8Array): Uint8Array {
  if (data.length !== entry.size) throw corrupt(`zip entry ${entry.name} inflates to ${data.length} bytes, not ${entry.size}`);
  if (crc32(data) !== entry.crc) throw corrupt(`zip entry ${entry.name} fails its CRC-32 check`);
  return data;
}

/**
 * Inflates one entry (stored or deflated), never beyond its declared size, and verifies its CRC-32.
 * With `out` (a buffer of its own for the bytes, asked for once the entry's size has passed the
 * limits), the bytes are written there instead of a new array.
 */
export function readZipEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  limits?: Partial<ZipLimits>,
  out: (size: number) => Uint8Array = (size) => new Uint8Array(size),
): Uint8Array {
  checkEntryLimits(entry, limits);
  const { start, end } = locateEntryData(zip.subarray(entry.localOffset, entry.localOffset + LOCAL_HEADER_BYTES), entry, zip.length);
  const raw = zip.subarray(start, end);
  if (entry.method === 0) {
    checkEntryData(entry, raw);
    const copy = out(raw.length);
    copy.set(raw);
    return copy;
  }
  let data: Uint8Array;
  try {
    const target = out(entry.size);
    data = target.subarray(0, inflateInto(raw, target));
  } catch (err) {
    throw corrupt(`zip entry ${entry.name} does not inflate: ${(err as Error).message}`);
  }
  return checkEntryData(entry, data);
}
