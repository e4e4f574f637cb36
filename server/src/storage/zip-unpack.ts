import { Readable, Transform } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { isS63Error, type ZipEntry, type ZipSource } from '@chartroom/s63';
import {
  EOCD_SEARCH_BYTES,
  LOCAL_HEADER_BYTES,
  checkEntryLimits,
  findCentralDirectory,
  locateEntryData,
  parseCentralDirectory,
  type CentralDirectory,
} from '@chartroom/s63/zip-reader';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { BlobStore } from './blob-store.js';
import { openBlobZipSource } from './blob-zip-source.js';
import { formatBytes } from './uploads.js';

/** What one zipped upload may hold: checked on the central directory before anything is inflated. */
export interface UnzipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together (the smaller of the per-upload and per-user room). */
  maxTotalBytes: number;
  maxRatio: number;
}

const tooLarge = (message: string) => new AppError('payload_too_large', message);

/**
 * The zip's file entries, refused as a whole before anything is inflated or written when:
 * - the archive's layout is not one entry after another: two entries (local header and compressed
 *   data) share bytes, or an entry runs into the central directory. Entries that share one block of
 *   data let a small zip unpack to a great deal (1,000 names for one deflated block);
 * - an entry passes the size or ratio limit, or all entries together the total (the smaller of the
 *   per-upload and per-user room, so the room is checked on the declared sizes before unpacking);
 * - the entries together compress more than the ratio limit: the per-entry ratio only looks at
 *   entries above 1 MiB, so many small entries are bounded here.
 */
export async function listCheckedZipEntries(store: BlobStore, key: string, fileName: string, limits: UnzipLimits): Promise<ZipEntry[]> {
  const source = await openBlobZipSource(store, key);
  let all: ZipEntry[];
  try {
    const tailStart = Math.max(0, source.size - EOCD_SEARCH_BYTES);
    const directory = findCentralDirectory(await source.read(tailStart, source.size - tailStart), source.size, {
      maxEntries: limits.maxEntries,
    });
    all = parseCentralDirectory(await source.read(directory.offset, directory.size), directory.count);
    await checkLayout(source, all, directory, fileName);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isS63Error(err) && err.code === 'limit_exceeded') throw tooLarge(`${fileName} holds more than ${limits.maxEntries} entries`);
    throw new AppError(
      'unsupported_file',
      `${fileName} is not a readable zip archive: ${err instanceof Error ? err.message : String(err)}`,
      { params: { file: fileName, reason: 'not_zip' } },
    );
  }
  const entries = all.filter((e) => !e.isDirectory);
  let total = 0;
  let compressed = 0;
  for (const entry of entries) {
    try {
      checkEntryLimits(entry, { maxEntrySize: limits.maxEntryBytes, maxRatio: limits.maxRatio });
    } catch (err) {
      throw tooLarge(`${fileName}: ${err instanceof Error ? err.message : String(err)}; nothing was unpacked`);
    }
    total += entry.size;
    compressed += entry.compressedSize;
  }
  if (total > limits.maxTotalBytes) {
    throw tooLarge(`${fileName} unpacks to ${formatBytes(total)}, more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
  }
  if (total > RATIO_FREE_BYTES && total > limits.maxRatio * Math.max(1, compressed)) {
    throw tooLarge(
      `${fileName}: its entries together compress more than ${limits.maxRatio}:1 (${formatBytes(compressed)} unpacking to ${formatBytes(total)}, a zip bomb?); nothing was unpacked`,
    );
  }
  return entries;
}

/** Uncompressed bytes a zip may hold whatever its compression ratio (as the per-entry check). */
const RATIO_FREE_BYTES = 1024 * 1024;

/** Local headers read at once while checking a zip's layout (each read is a ranged GET on S3). */
const HEADER_READS_AT_ONCE = 16;

/**
 * Each entry's bytes in the archive, from its local header to the end of its compressed data, must
 * lie before the central directory and apart from every other entry's. One 30-byte read per local
 * header (it gives where the data starts), a few at a time; nothing is inflated.
 */
async function checkLayout(source: ZipSource, entries: ZipEntry[], directory: CentralDirectory, fileName: string): Promise<void> {
  const dataEnds = new Map<string, number>();
  const todo = [...entries];
  const readHeaders = async () => {
    const header = new Uint8Array(LOCAL_HEADER_BYTES);
    for (let entry = todo.pop(); entry; entry = todo.pop()) {
      const at = `${entry.localOffset}:${entry.compressedSize}`;
      if (dataEnds.has(at)) continue;
      if (entry.localOffset + LOCAL_HEADER_BYTES > source.size) throw new Error(`zip entry ${entry.name} has no local header`);
      const data = locateEntryData(await source.read(entry.localOffset, LOCAL_HEADER_BYTES, header), entry, source.size);
      dataEnds.set(at, data.end);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HEADER_READS_AT_ONCE, entries.length) }, readHeaders));
  const ranges = entries.map((entry) => ({
    entry,
    start: entry.localOffset,
    end: dataEnds.get(`${entry.localOffset}:${entry.compressedSize}`)!,
  }));
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 0; i < ranges.length; i++) {
    const here = ranges[i]!;
    const next = ranges[i + 1];
    if (next && next.start < here.end) {
      throw new AppError(
        'unsupported_file',
        `${fileName}: zip entries ${here.entry.name} and ${next.entry.name} overlap (they share bytes of the archive); nothing was unpacked`,
      );
    }
    if (here.end > directory.offset) {
      throw new AppError(
        'unsupported_file',
        `${fileName}: zip entry ${here.entry.name} runs into the central directory; nothing was unpacked`,
      );
    }
  }
}

/**
 * Counts what an entry inflates to: more than it declared (a lying header) stops the stream at
 * once; at the end the size and CRC-32 must match the central directory.
 */
function checkedBytes(entry: ZipEntry): Transform {
  let seen = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > entry.size)
        return done(new AppError('unsupported_file', `zip entry ${entry.name} inflates beyond its declared ${entry.size} bytes`));
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (seen !== entry.size)
        return done(new AppError('unsupported_file', `zip entry ${entry.name} inflates to ${seen} bytes, not ${entry.size}`));
      if (crc >>> 0 !== entry.crc >>> 0) return done(new AppError('unsupported_file', `zip entry ${entry.name} fails its CRC-32 check`));
      done();
    },
  });
}

/** One entry as a stream read from the store and inflated on the fly: memory does not grow with it. */
export async function openZipEntryStream(store: BlobStore, key: string, entry: ZipEntry): Promise<Readable> {
  const source = await openBlobZipSource(store, key);
  let range: { start: number; end: number };
  try {
    const headerLength = Math.min(LOCAL_HEADER_BYTES, source.size - entry.localOffset);
    const header = headerLength > 0 ? await source.read(entry.localOffset, headerLength) : new Uint8Array(0);
    range = locateEntryData(header, entry, source.size);
  } catch (err) {
    throw new AppError('unsupported_file', `zip entry ${entry.name} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const raw: Readable = range.end > range.start ? await store.get(key, { start: range.start, end: range.end - 1 }) : Readable.from([]);
  const counted = checkedBytes(entry);
  const inflated = entry.method === 0 ? raw : raw.pipe(createInflateRaw());
  const fail = (err: Error) =>
    counted.destroy(
      err instanceof AppError ? err : new AppError('unsupported_file', `zip entry ${entry.name} does not inflate: ${err.message}`),
    );
  raw.on('error', fail);
  if (inflated !== raw) inflated.on('error', fail);
  counted.on('close', () => {
    raw.destroy();
    if (inflated !== raw) inflated.destroy();
  });
  return inflated.pipe(counted);
}

/** The per-upload zip limits from the configuration. */
export function unzipLimitsOf(
  config: Pick<Config, 'MAX_ZIP_ENTRIES' | 'MAX_ZIP_ENTRY_BYTES' | 'MAX_UNZIPPED_BYTES' | 'MAX_ZIP_RATIO'>,
): UnzipLimits {
  return {
    maxEntries: config.MAX_ZIP_ENTRIES,
    maxEntryBytes: config.MAX_ZIP_ENTRY_BYTES,
    maxTotalBytes: config.MAX_UNZIPPED_BYTES,
    maxRatio: config.MAX_ZIP_RATIO,
  };
}
