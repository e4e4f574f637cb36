import { Readable, Transform } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { isS63Error, listZipEntriesFrom, type ZipEntry } from '@chartroom/s63';
import { LOCAL_HEADER_BYTES, checkEntryLimits, locateEntryData } from '@chartroom/s63/zip-reader';
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

/** The zip's file entries, refused as a whole when their count or declared sizes pass the limits. */
export async function listCheckedZipEntries(store: BlobStore, key: string, fileName: string, limits: UnzipLimits): Promise<ZipEntry[]> {
  let entries: ZipEntry[];
  const source = await openBlobZipSource(store, key);
  try {
    entries = (await listZipEntriesFrom(source, { maxEntries: limits.maxEntries })).filter((e) => !e.isDirectory);
  } catch (err) {
    if (isS63Error(err) && err.code === 'limit_exceeded') throw tooLarge(`${fileName} holds more than ${limits.maxEntries} entries`);
    throw new AppError(
      'unsupported_file',
      `${fileName} is not a readable zip archive: ${err instanceof Error ? err.message : String(err)}`,
      { params: { file: fileName, reason: 'not_zip' } },
    );
  }
  let total = 0;
  for (const entry of entries) {
    try {
      checkEntryLimits(entry, { maxEntrySize: limits.maxEntryBytes, maxRatio: limits.maxRatio });
    } catch (err) {
      throw tooLarge(`${fileName}: ${err instanceof Error ? err.message : String(err)}; nothing was unpacked`);
    }
    total += entry.size;
  }
  if (total > limits.maxTotalBytes) {
    throw tooLarge(`${fileName} unpacks to ${formatBytes(total)}, more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
  }
  return entries;
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
