// A small DER writer: just what an X.509 v3 certificate with ECDSA keys needs (ITU-T X.690).
// Node's crypto parses and verifies certificates but cannot make one; this is the other half.

/** A non-negative number as big-endian bytes, at least one. */
function bigEndian(n: number): number[] {
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return out.length ? out : [0];
}

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const out = bigEndian(n);
  return [0x80 | out.length, ...out];
}

export function tlv(tag: number, content: Uint8Array): Uint8Array {
  const head = [tag, ...lengthBytes(content.length)];
  const out = new Uint8Array(head.length + content.length);
  out.set(head);
  out.set(content, head.length);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const sequence = (...parts: Uint8Array[]): Uint8Array => tlv(0x30, concat(parts));
export const set = (...parts: Uint8Array[]): Uint8Array => tlv(0x31, concat(parts));
/** An explicitly tagged [n] constructed value. */
export const explicit = (n: number, ...parts: Uint8Array[]): Uint8Array => tlv(0xa0 | n, concat(parts));
/** An implicitly tagged [n] primitive value. */
export const implicit = (n: number, content: Uint8Array): Uint8Array => tlv(0x80 | n, content);
export const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);
export const boolean = (value: boolean): Uint8Array => tlv(0x01, Uint8Array.of(value ? 0xff : 0x00));
export const utf8String = (text: string): Uint8Array => tlv(0x0c, new TextEncoder().encode(text));
export const printableString = (text: string): Uint8Array => tlv(0x13, new TextEncoder().encode(text));

/** A non-negative INTEGER from its big-endian magnitude (or a small number). */
export function integer(value: Uint8Array | number): Uint8Array {
  let bytes = typeof value === 'number' ? Uint8Array.from(bigEndian(value)) : value;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? concat([Uint8Array.of(0), bytes]) : bytes.length ? bytes : Uint8Array.of(0));
}

export function objectIdentifier(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map(Number);
  const out: number[] = [40 * arcs[0]! + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const base128: number[] = [];
    for (let v = arc; ; v = Math.floor(v / 128)) {
      base128.unshift((v & 0x7f) | (base128.length ? 0x80 : 0));
      if (v < 128) break;
    }
    out.push(...base128);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** A BIT STRING of whole bytes, or of `bits` bits when the last byte is partly used. */
export function bitString(bytes: Uint8Array, unusedBits = 0): Uint8Array {
  return tlv(0x03, concat([Uint8Array.of(unusedBits), bytes]));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
export function time(date: Date): Uint8Array {
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const compact = iso.replace(/[-:T]/g, '');
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, new TextEncoder().encode(compact.slice(2)))
    : tlv(0x18, new TextEncoder().encode(compact));
}
