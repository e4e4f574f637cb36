// A small ISO/IEC 8211 writer: data descriptive record plus data records with 'D' leaders.
import { FT, UT } from './module.js';

export interface FieldDefinition {
  tag: string;
  name: string;
  /** '0' elementary, '1' vector, '2' array (a repeating group), '3' concatenated (S-100: a header, then a repeating group). */
  structure: '0' | '1' | '2' | '3';
  /** '0' character, '1' implicit point, '5' binary, '6' mixed. */
  dataType: '0' | '1' | '5' | '6';
  /** Subfield labels joined by '!', prefixed by '*' when the group repeats ('A!B\\\\*C!D': header A, B, then C, D repeating). */
  descriptor: string;
  /** Format controls, e.g. '(b11,b14,A)'. */
  formats: string;
  /** Truncated escape sequence of the field controls (3 characters): '%/G' for UTF-8 text (S-100). */
  escape?: string;
}

export interface FieldData {
  tag: string;
  /** Subfield bytes, without the final field terminator (the writer adds it). */
  data: Uint8Array;
  /** Write the two-byte field terminator 1E 00 (UCS-2 text at lexical level 2). */
  wide?: boolean;
}

const enc = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function pad(n: number, width: number): string {
  const s = String(n);
  if (s.length > width) throw new RangeError(`value ${n} does not fit in ${width} digits`);
  return s.padStart(width, '0');
}

function record(leaderFor: (len: number, base: number, map: string) => string, fields: { tag: string; bytes: Uint8Array }[]): Uint8Array {
  const maxLen = Math.max(1, ...fields.map((f) => f.bytes.length));
  const total = fields.reduce((a, f) => a + f.bytes.length, 0);
  const sizeLen = Math.max(3, String(maxLen).length);
  const sizePos = Math.max(4, String(total).length);
  const dir = fields
    .map((f, i) => {
      const pos = fields.slice(0, i).reduce((a, g) => a + g.bytes.length, 0);
      return f.tag + pad(f.bytes.length, sizeLen) + pad(pos, sizePos);
    })
    .join('');
  const base = 24 + dir.length + 1;
  const len = base + total;
  // Records longer than 99 999 bytes write 00000 as length; readers then use the directory.
  const leader = leaderFor(len > 99_999 ? 0 : len, base, `${sizeLen}${sizePos}0${4}`);
  return concat([enc(leader), enc(dir), Uint8Array.of(FT), ...fields.map((f) => f.bytes)]);
}

/** Writes an ISO 8211 file: the field definitions and the data records (lists of fields). */
export function writeIso8211(definitions: FieldDefinition[], records: FieldData[][], title = ''): Uint8Array {
  const control = concat([enc(`0000;&   ${title}`), Uint8Array.of(UT), enc(''), Uint8Array.of(FT)]);
  const ddrFields = [{ tag: '0000', bytes: control }].concat(
    definitions.map((d) => ({
      tag: d.tag,
      bytes: concat([
        enc(`${d.structure}${d.dataType}00;&${(d.escape ?? '').padEnd(3, ' ').slice(0, 3)}${d.name}`),
        Uint8Array.of(UT),
        enc(d.descriptor),
        Uint8Array.of(UT),
        enc(d.formats),
        Uint8Array.of(FT),
      ]),
    })),
  );
  const ddr = record((len, base, map) => `${pad(len, 5)}3LE1 09${pad(base, 5)} ! ${map}`, ddrFields);
  const drs = records.map((fields) =>
    record(
      (len, base, map) => `${pad(len, 5)} D     ${pad(base, 5)}   ${map}`,
      fields.map((f) => ({ tag: f.tag, bytes: concat([f.data, f.wide ? Uint8Array.of(FT, 0) : Uint8Array.of(FT)]) })),
    ),
  );
  return concat([ddr, ...drs]);
}

/** Builds subfield bytes: little-endian binary numbers, text with unit terminators. */
export class SubfieldBuilder {
  private parts: number[] = [];
  u8(v: number): this {
    this.parts.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    this.parts.push(v & 0xff, (v >>> 8) & 0xff);
    return this;
  }
  u32(v: number): this {
    this.parts.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
    return this;
  }
  i32(v: number): this {
    return this.u32(v >>> 0);
  }
  /** Fixed-width text, padded with spaces. */
  fixed(text: string, width: number): this {
    const s = text.padEnd(width, ' ').slice(0, width);
    for (let i = 0; i < s.length; i++) this.parts.push(s.charCodeAt(i) & 0xff);
    return this;
  }
  /** Variable-length ISO 8859-1 text followed by a unit terminator. */
  text(text: string): this {
    for (let i = 0; i < text.length; i++) this.parts.push(text.charCodeAt(i) & 0xff);
    this.parts.push(UT);
    return this;
  }
  /** Variable-length UTF-8 text followed by a unit terminator (S-100 Part 10a). */
  utf8(text: string): this {
    for (const b of new TextEncoder().encode(text)) this.parts.push(b);
    this.parts.push(UT);
    return this;
  }
  /** Variable-length UCS-2 text followed by a two-byte unit terminator (lexical level 2). */
  ucs2(text: string): this {
    for (let i = 0; i < text.length; i++) this.u16(text.charCodeAt(i));
    this.parts.push(UT, 0);
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}
