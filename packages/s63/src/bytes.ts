// Small byte helpers: hex, ASCII, PKCS#5 padding and comparisons.
import { S63Error } from './errors.js';

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out.toUpperCase();
}

/** Parses an even-length hex string (either case); throws S63Error('invalid_argument') otherwise. */
export function fromHex(hex: string, what = 'hex value'): Uint8Array {
  if (!HEX_RE.test(hex)) throw new S63Error('invalid_argument', `${what} is not hexadecimal: ${JSON.stringify(hex)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function isHex(text: string): boolean {
  return HEX_RE.test(text);
}

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function fromAscii(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

/** PKCS#5-style padding to a multiple of 8: n bytes of value n, a full block of 08 when aligned. */
export function pad8(data: Uint8Array): Uint8Array {
  const n = 8 - (data.length % 8);
  const out = new Uint8Array(data.length + n);
  out.set(data);
  out.fill(n, data.length);
  return out;
}

/** Removes PKCS#5 padding; returns undefined when the padding is not valid. */
export function unpad8(data: Uint8Array): Uint8Array | undefined {
  if (data.length === 0 || data.length % 8 !== 0) return undefined;
  const n = data[data.length - 1] ?? 0;
  if (n < 1 || n > 8) return undefined;
  for (let i = data.length - n; i < data.length; i++) if (data[i] !== n) return undefined;
  return data.subarray(0, data.length - n);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
