// Subfield decoding of one ISO 8211 field according to its definition.
import { Iso8211Error } from './errors.js';
import { FT, UT, type FieldRef } from './module.js';
import { latin1, ucs2, utf8Text } from './text.js';
import { readBinaryAt } from './fixed.js';

export type SubfieldValue = string | number | Uint8Array | null;

export interface DecodeOptions {
  /** Decode variable-length text subfields as UCS-2 (S-57 lexical level 2). */
  ucs2?: boolean;
  /** Decode text subfields as UTF-8 (S-100 Part 10a), not ISO 8859-1. */
  utf8?: boolean;
}

function parseNumber(text: string, integer: boolean): number | null {
  const t = text.trim();
  if (t === '') return null;
  const v = integer ? parseInt(t, 10) : parseFloat(t);
  return Number.isFinite(v) ? v : null;
}

/**
 * Decodes a field into a flat list of subfield values: the header subfields once (S-100 fields
 * with a header, see `FieldDefn.repeatFrom`), then group after group (for a field without a header
 * values.length is a multiple of the subfield count).
 */
export function decodeField(bytes: Uint8Array, field: FieldRef, record: number, opts: DecodeOptions = {}): SubfieldValue[] {
  const defn = field.defn;
  if (!defn)
    throw new Iso8211Error('bad_field', `field ${field.tag} has no definition in the data descriptive record`, {
      record,
      offset: field.start,
    });
  const out: SubfieldValue[] = [];
  const n = defn.formats.length;
  if (n === 0) return out;
  const from = Math.min(defn.repeatFrom, n);
  let p = field.start;
  if (from > 0) {
    p = decodeRange(bytes, field, record, opts, out, p, 0, from);
    if (p < 0) return out;
  }
  if (from < n) {
    do p = decodeRange(bytes, field, record, opts, out, p, from, n);
    while (p >= 0 && p < field.end);
  }
  return out;
}

/**
 * Subfields [first, last) of `field` read from p into `out`; returns where the next subfield
 * starts, or -1 when the field ended before `first` (no more groups).
 */
function decodeRange(
  bytes: Uint8Array,
  field: FieldRef,
  record: number,
  opts: DecodeOptions,
  out: SubfieldValue[],
  p: number,
  first: number,
  last: number,
): number {
  const defn = field.defn!;
  const end = field.end;
  const text = opts.utf8 ? utf8Text : latin1;
  for (let i = first; i < last; i++) {
    const f = defn.formats[i]!;
    if (f.width > 0) {
      if (p + f.width > end) {
        if (p >= end && i === first) return -1;
        throw new Iso8211Error('bad_field', `subfield ${defn.names[i]} of field ${field.tag} runs past the field end`, {
          record,
          offset: p,
        });
      }
      if (f.kind === 'b') out.push(readBinaryAt(bytes, p, f));
      else if (f.kind === 'B') out.push(bytes.slice(p, p + f.width));
      else if (f.kind === 'I' || f.kind === 'R' || f.kind === 'S') out.push(parseNumber(latin1(bytes, p, p + f.width), f.kind === 'I'));
      else out.push(text(bytes, p, p + f.width));
      p += f.width;
    } else if (opts.ucs2 && (f.kind === 'A' || f.kind === 'C')) {
      let q = p;
      while (q + 1 < end && !((bytes[q] === UT || bytes[q] === FT) && bytes[q + 1] === 0)) q += 2;
      if (q + 1 >= end) q = end;
      out.push(ucs2(bytes, p, q));
      p = q + 2;
    } else {
      let q = p;
      while (q < end && bytes[q] !== UT && bytes[q] !== FT) q++;
      out.push(f.kind === 'I' || f.kind === 'R' || f.kind === 'S' ? parseNumber(latin1(bytes, p, q), f.kind === 'I') : text(bytes, p, q));
      p = q + 1;
    }
  }
  return p;
}

/** The first group of a field (with its header, if any) as a record of label -> value. */
export function decodeFirstGroup(
  bytes: Uint8Array,
  field: FieldRef,
  record: number,
  opts: DecodeOptions = {},
): Record<string, SubfieldValue> {
  const values = decodeField(bytes, field, record, opts);
  const out: Record<string, SubfieldValue> = {};
  field.defn?.names.forEach((name, i) => {
    out[name] = i < values.length ? values[i]! : null;
  });
  return out;
}
