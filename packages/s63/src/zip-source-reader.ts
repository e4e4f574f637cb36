// The zip reader over a ZipSource: the central directory from the file's tail, then each entry
// read and inflated on its own, in chunks, into a buffer of exactly its declared size. The same
// limits, header checks and CRC-32 check as the in-memory reader (zip-reader.ts).
import { Inflate } from 'fflate';
import { isS63Error } from './errors.js';
import type { ZipLimits } from './limits.js';
import {
  EOCD_SEARCH_BYTES,
  LOCAL_HEADER_BYTES,
  checkEntryData,
  checkEntryLimits,
  corrupt,
  findCentralDirectory,
  locateEntryData,
  parseCentralDirectory,
  type ZipEntry,
} from './zip-reader.js';
import type { ZipSource } from './zip-source.js';

/** Compressed bytes read per step when inflating: bounds the memory beyond the entry itself. */
const CHUNK_BYTES = 1024 * 1024;

/** Lists the entries of a zip read through a source; reads only the tail and the central directory. */
export async function listZipEntriesFrom(source: ZipSource, limits?: Partial<ZipLimits>): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, source.size - EOCD_SEARCH_BYTES);
  const tail = await source.read(tailStart, source.size - tailStart);
  const cd = findCentralDirectory(tail, source.size, limits);
  return parseCentralDirectory(await source.read(cd.offset, cd.size), cd.count);
}

/**
 * Reads one entry through a source, never beyond its declared size, and verifies its CRC-32. With
 * `out` (a buffer for the bytes, asked for once the entry has passed the limits), they are written
 * there instead of a new array.
 */
export async function readZipEntryFrom(
  source: ZipSource,
  entry: ZipEntry,
  limits?: Partial<ZipLimits>,
  out?: (size: number) => Uint8Array,
): Promise<Uint8Array> {
  checkEntryLimits(entry, limits);
  // A header cut short by the end of the file is refused by locateEntryData, as from bytes.
  const headerLength = Math.min(LOCAL_HEADER_BYTES, source.size - entry.localOffset);
  const header = headerLength > 0 ? await source.read(entry.localOffset, headerLength) : new Uint8Array(0);
  const { start, end } = locateEntryData(header, entry, source.size);
  if (entry.method === 0) return checkEntryData(entry, await source.read(start, end - start, out?.(end - start)));

  const target = out ? out(entry.size) : new Uint8Array(entry.size);
  let written = 0;
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > target.length) throw corrupt(`zip entry ${entry.name} inflates beyond its declared ${entry.size} bytes`);
    target.set(chunk, written);
    written += chunk.length;
  });
  let at = start;
  do {
    const length = Math.min(CHUNK_BYTES, end - at);
    const chunk = await source.read(at, length);
    at += length;
    try {
      inflate.push(chunk, at >= end);
    } catch (err) {
      throw isS63Error(err) ? err : corrupt(`zip entry ${entry.name} does not inflate: ${(err as Error).message}`);
    }
  } while (at < end);
  return checkEntryData(entry, target.subarray(0, written));
}
