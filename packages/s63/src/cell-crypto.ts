// Encrypted S-63 cells: the plain S-57 file is zipped, padded PKCS#5-style and Blowfish-ECB
// encrypted with a 5-byte cell key. Decryption tries each key in turn (CK1, then CK2: the key
// rotation of the scheme) and recognises a wrong key by invalid padding or a result that is not a zip.
import { zipSync } from 'fflate';
import { Blowfish } from './blowfish.js';
import { pad8, unpad8 } from './bytes.js';
import { cellKeyBytes, type CellKeyInput } from './cell-permit.js';
import { S63Error } from './errors.js';
import { safeEntryPath, type ZipLimits } from './limits.js';
import { listZipEntries, looksLikeZip, readZipEntry } from './zip-reader.js';

export interface DecryptedCell {
  /** The plain S-57 file. */
  data: Uint8Array;
  /** Name of the file inside the encrypted zip, e.g. "NO4D0512.000". */
  fileName: string;
  /** Index in `keys` of the key that worked. */
  keyIndex: number;
}

/** Buffers are made in steps of this size, so cells of slightly different sizes share them. */
const SCRATCH_STEP = 1024 * 1024;

/**
 * Buffers used again from one cell to the next by a reader of many cells (the exchange set read
 * from a source): the encrypted file as read, the decrypted zip and the plain file. A cell decrypted with it is valid
 * only until the next cell is decrypted with it. Without it, each cell makes three new arrays of
 * about its size, which wait for a full collection of the heap.
 */
export class CellScratch {
  private readonly buffers = new Map<'encrypted' | 'zip' | 'plain', Uint8Array>();

  take(slot: 'encrypted' | 'zip' | 'plain', size: number): Uint8Array {
    let buffer = this.buffers.get(slot);
    if (!buffer || buffer.length < size) {
      buffer = new Uint8Array(Math.max(SCRATCH_STEP, Math.ceil(size / SCRATCH_STEP) * SCRATCH_STEP));
      this.buffers.set(slot, buffer);
    }
    return buffer.subarray(0, size);
  }
}

function unzipSingle(zip: Uint8Array, limits?: Partial<ZipLimits>, scratch?: CellScratch): { data: Uint8Array; fileName: string } {
  const entry = listZipEntries(zip, limits).find((e) => !e.isDirectory);
  if (!entry) throw new S63Error('corrupt', 'the decrypted zip holds no file');
  const path = safeEntryPath(entry.name);
  const out = scratch ? (size: number) => scratch.take('plain', size) : undefined;
  return { data: readZipEntry(zip, entry, limits, out), fileName: path.slice(path.lastIndexOf('/') + 1) };
}

/**
 * Decrypts an encrypted cell (base .000 or update .001…) with the first key that yields a valid
 * zip. Throws S63Error 'wrong_key' when no key fits, 'corrupt' when the file is damaged.
 */
export function decryptCell(
  encrypted: Uint8Array,
  keys: CellKeyInput[],
  limits?: Partial<ZipLimits>,
  scratch?: CellScratch,
): DecryptedCell {
  if (encrypted.length === 0 || encrypted.length % 8 !== 0) {
    throw new S63Error('corrupt', `encrypted cell is ${encrypted.length} bytes, not a whole number of 8-byte blocks`);
  }
  if (keys.length === 0) throw new S63Error('invalid_argument', 'no cell key to decrypt with');
  let damage: S63Error | undefined;
  for (let keyIndex = 0; keyIndex < keys.length; keyIndex++) {
    const key = cellKeyBytes(keys[keyIndex]!, `cell key ${keyIndex + 1}`);
    const blowfish = new Blowfish(key);
    // A wrong key shows in the first block already: check the zip signature before decrypting all.
    if (!looksLikeZip(blowfish.ecb(encrypted.subarray(0, 8), true))) continue;
    const zip = unpad8(blowfish.ecb(encrypted, true, scratch?.take('zip', encrypted.length)));
    if (!zip) {
      damage = new S63Error('corrupt', 'encrypted cell decrypts to a zip with invalid padding (truncated or damaged)');
      continue;
    }
    try {
      return { ...unzipSingle(zip, limits, scratch), keyIndex };
    } catch (err) {
      if (err instanceof S63Error && err.code !== 'corrupt') throw err;
      damage = err instanceof S63Error ? err : new S63Error('corrupt', String(err));
    }
  }
  if (damage) throw damage;
  throw new S63Error('wrong_key', `none of the ${keys.length} cell key(s) decrypts this cell`);
}

/** Zips (deflate), pads and encrypts a plain cell file for one cell key. */
export function encryptCell(plain: Uint8Array, fileName: string, key: CellKeyInput): Uint8Array {
  const name = safeEntryPath(fileName);
  if (name === '') throw new S63Error('invalid_argument', 'file name is empty');
  return encryptZippedCell(zipSync({ [name]: [plain, { level: 6, mtime: new Date(Date.UTC(2000, 0, 1)) }] }), key);
}

/**
 * Encrypts in place a zipped cell that is already padded (PKCS#5) to a multiple of 8 bytes: the
 * same bytes as `encryptZippedCell` without its two copies, for a data server encrypting many cells.
 */
export function encryptPaddedZippedCellInPlace(padded: Uint8Array, key: CellKeyInput): Uint8Array {
  if (!looksLikeZip(padded)) throw new S63Error('invalid_argument', 'the zipped cell does not start with a zip signature');
  if (padded.length % 8 !== 0) throw new S63Error('invalid_argument', `a padded cell is a multiple of 8 bytes, got ${padded.length}`);
  return new Blowfish(cellKeyBytes(key)).ecb(padded, false, padded);
}

/** Pads and encrypts a cell already zipped (a caller with a faster deflate, e.g. Node's zlib, zips itself). */
export function encryptZippedCell(zip: Uint8Array, key: CellKeyInput): Uint8Array {
  if (!looksLikeZip(zip)) throw new S63Error('invalid_argument', 'the zipped cell does not start with a zip signature');
  return new Blowfish(cellKeyBytes(key)).ecb(pad8(zip), false);
}
