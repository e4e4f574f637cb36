// Hexadecimal text, 16-byte values (HW_ID, M_KEY, dataset keys) and the CRC-32 of S-100 Part 15.
import { crc32 as zlibCrc32 } from 'node:zlib';
import { S100Error } from './errors.js';

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

export function isHex(text: string): boolean {
  return HEX_RE.test(text);
}

/** Upper-case hexadecimal, the form Part 15 writes keys, HW_IDs and permits in. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}

/** Parses an even-length hex string (either case); the message names `what` but never repeats the value. */
export function fromHex(hex: string, what = 'hex value'): Uint8Array {
  if (!isHex(hex)) throw new S100Error('invalid_argument', `${what} is not hexadecimal (${hex.length} characters)`);
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** A 128-bit value (HW_ID, M_KEY, dataset key) from 16 bytes or 32 hex characters. */
export function key16(value: Uint8Array | string, what: string): Uint8Array {
  const bytes = typeof value === 'string' ? fromHex(value.trim(), what) : value;
  if (bytes.length !== 16) {
    throw new S100Error('invalid_argument', `${what} must be 16 bytes (32 hexadecimal characters), got ${bytes.length} bytes`);
  }
  return bytes;
}

/** CRC-32 (IEEE 802.3, as in zip), unsigned. */
export function crc32(bytes: Uint8Array | string): number {
  return zlibCrc32(bytes) >>> 0;
}
