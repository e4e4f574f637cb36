// Random access to a zip's bytes, wherever they are: in memory here, in a file in node.ts. The
// reader asks only for the tail (central directory) and then for one entry at a time.
import { S63Error } from './errors.js';

export interface ZipSource {
  /** Length of the whole archive in bytes. */
  readonly size: number;
  /**
   * Exactly `length` bytes from `offset`, in a buffer the caller owns (an entry read through the
   * source is returned as is); S63Error('corrupt') when the range passes the end. With `into` (at
   * least `length` bytes), they are written there and a view of it is returned.
   */
  read(offset: number, length: number, into?: Uint8Array): Promise<Uint8Array>;
}

export function checkReadRange(size: number, offset: number, length: number, into?: Uint8Array): void {
  if (into && into.length < length) throw new S63Error('invalid_argument', `a buffer of ${into.length} bytes cannot take ${length}`);
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
    throw new S63Error('invalid_argument', `cannot read ${length} bytes at offset ${offset}`);
  }
  if (offset + length > size) {
    throw new S63Error('corrupt', `zip is truncated: ${length} bytes at offset ${offset} lie beyond its ${size} bytes`);
  }
}

/** A source over bytes already in memory; each read is a copy, so entries never alias the zip. */
export function createBytesSource(bytes: Uint8Array): ZipSource {
  return {
    size: bytes.length,
    read(offset, length, into) {
      checkReadRange(bytes.length, offset, length, into);
      if (!into) return Promise.resolve(bytes.slice(offset, offset + length));
      const view = into.subarray(0, length);
      view.set(bytes.subarray(offset, offset + length));
      return Promise.resolve(view);
    },
  };
}
