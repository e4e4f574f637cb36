// Text decoding of ISO 8211 subfields without per-byte string concatenation.

/** ISO 8859-1 text of bytes[start, end). */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= 0) return '';
  if (n <= 24) {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
    return s;
  }
  if (n < 4096) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  let out = '';
  for (let p = start; p < end; p += 4096)
    out += String.fromCharCode.apply(null, bytes.subarray(p, Math.min(end, p + 4096)) as unknown as number[]);
  return out;
}

/** UCS-2 little-endian text of bytes[start, end) (S-57 lexical level 2). */
export function ucs2(bytes: Uint8Array, start: number, end: number): string {
  const units: number[] = [];
  for (let p = start; p + 1 < end; p += 2) units.push(bytes[p]! | (bytes[p + 1]! << 8));
  let out = '';
  for (let i = 0; i < units.length; i += 4096) out += String.fromCharCode.apply(null, units.slice(i, i + 4096));
  return out;
}

const utf8 = new TextDecoder('utf-8');
/** UTF-8 text (ISO 8211 files written by others sometimes use it). */
export function utf8Text(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}
