// S-63 cell permit (64 characters): cell name (8), expiry YYYYMMDD (8), ECK1 (16 hex), ECK2 (16 hex)
// and ECS (16 hex). Each cell key (5 bytes) is padded and encrypted with HW_ID6; ECS is the CRC-32 of
// the first 48 characters as 4 big-endian bytes, padded and encrypted with HW_ID6.
import { blowfishDecryptEcb, blowfishEncryptEcb } from './blowfish.js';
import { ascii, bytesEqual, fromHex, isHex, pad8, toHex, unpad8 } from './bytes.js';
import { crc32Bytes } from './crc32.js';
import { S63Error } from './errors.js';
import { checkCellName, CELL_NAME_RE, hwId6, isYyyymmdd, toYyyymmdd } from './ids.js';

export type CellKeyInput = Uint8Array | string;

export interface CellPermitInput {
  cellName: string;
  /** YYYYMMDD */
  expiry: string;
  ck1: CellKeyInput;
  ck2: CellKeyInput;
  hwId: string;
}

export interface DecodedCellPermit {
  cellName: string;
  expiry: string;
  ck1: Uint8Array;
  ck2: Uint8Array;
  /** True when the expiry date is before the reference date (the expiry day itself is still valid). */
  isExpired: boolean;
}

export interface DecodeCellPermitOptions {
  /** Reference date for the expiry check (YYYYMMDD or Date); today (UTC) when absent. */
  date?: string | Date;
}

/** A cell key as 5 bytes, from bytes or 10 hex characters. */
export function cellKeyBytes(key: CellKeyInput, what = 'cell key'): Uint8Array {
  const bytes = typeof key === 'string' ? fromHex(key.trim(), what) : key;
  if (bytes.length !== 5) throw new S63Error('invalid_argument', `${what} must be 5 bytes (10 hex characters)`);
  return bytes;
}

function checksumBlock(first48: string, key: Uint8Array): string {
  return toHex(blowfishEncryptEcb(key, pad8(crc32Bytes(ascii(first48)))));
}

export function createCellPermit({ cellName, expiry, ck1, ck2, hwId }: CellPermitInput): string {
  const name = checkCellName(cellName);
  if (!isYyyymmdd(expiry)) throw new S63Error('invalid_argument', `expiry must be a YYYYMMDD date, got ${JSON.stringify(expiry)}`);
  const key = ascii(hwId6(hwId));
  const eck1 = toHex(blowfishEncryptEcb(key, pad8(cellKeyBytes(ck1, 'CK1'))));
  const eck2 = toHex(blowfishEncryptEcb(key, pad8(cellKeyBytes(ck2, 'CK2'))));
  const first48 = name + expiry + eck1 + eck2;
  return first48 + checksumBlock(first48, key);
}

/** Checks form and checksum (throws S63Error), recovers both cell keys and reports expiry. */
export function decodeCellPermit(permit: string, hwId: string, options: DecodeCellPermitOptions = {}): DecodedCellPermit {
  const text = permit.trim();
  const name = text.slice(0, 8);
  const expiry = text.slice(8, 16);
  const rest = text.slice(16);
  if (text.length !== 64) throw new S63Error('malformed_permit', `cell permit must be 64 characters, got ${text.length}`);
  if (!CELL_NAME_RE.test(name)) throw new S63Error('malformed_permit', `cell permit has an invalid cell name ${JSON.stringify(name)}`);
  if (!isYyyymmdd(expiry))
    throw new S63Error('malformed_permit', `cell permit ${name} has an invalid expiry date ${JSON.stringify(expiry)}`);
  if (!isHex(rest)) throw new S63Error('malformed_permit', `cell permit ${name} has non-hexadecimal key or checksum characters`);
  const key = ascii(hwId6(hwId));
  const upper = text.toUpperCase();
  if (!bytesEqual(fromHex(checksumBlock(upper.slice(0, 48), key)), fromHex(upper.slice(48)))) {
    throw new S63Error('bad_checksum', `cell permit ${name} checksum does not match (permit for another HW_ID, or damaged)`);
  }
  const ck1 = unpad8(blowfishDecryptEcb(key, fromHex(upper.slice(16, 32))));
  const ck2 = unpad8(blowfishDecryptEcb(key, fromHex(upper.slice(32, 48))));
  if (!ck1 || ck1.length !== 5 || !ck2 || ck2.length !== 5) {
    throw new S63Error('malformed_permit', `cell permit ${name} does not hold two 5-byte cell keys`);
  }
  return { cellName: name, expiry, ck1: ck1.slice(), ck2: ck2.slice(), isExpired: expiry < toYyyymmdd(options.date) };
}
