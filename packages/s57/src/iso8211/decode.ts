// Subfield decoding of one ISO 8211 field according to its definition.
import { S57Error } from '../errors.js';
import { FT, UT, type FieldRef } from './module.js';
import { latin1, ucs2 } from './text.js';
import { readBinaryAt } from './fixed.js';

export type SubfieldValue = string | number | Uint8Array | null;

export interface DecodeOptions {
  /** Decode variable-length text subfields as UCS-2 (S-57 lexical level 2). */
  ucs2?: boolean;
}

function parseNumber(text: string, integer: boolean): number | null {
  const t = text.trim();
  if (t === '') return null;
  const v = integer ? parseInt(t, 10) : parseFloat(t);
  return Number.isFinite(v) ? v : null;
}

/**
 * Decodes a field into a flat list of subfield values, group after group
 * (values.length is a multiple of the subfield count).
 */
export function decodeField(bytes: Uint8Array, field: FieldRef, record: number, opts: DecodeOptions = {}): SubfieldValue[] {
  const defn = field.defn;
  if (!defn)
    throw new S57Error('bad_field', `field ${field.tag} has no definition in the data descriptive record`, { record, offset: field.start });
  const out: SubfieldValue[] = [];
  const n = defn.formats.length;
  if (n === 0) return out;
  let p = field.start;
  const end = field.end;
  do {
    for (let i = 0; i < n; i++) {
      const f = defn.formats[i]!;
      if (f.width > 0) {
        if (p + f.width > end) {
          if (p >= end && i === 0) return out;
          throw new S57Error('bad_field', `subfield ${defn.names[i]} of field ${field.tag} runs past the field end`, { record, offset: p });
        }
        if (f.kind === 'b') out.push(readBinaryAt(bytes, p, f));
        else if (f.kind === 'B') out.push(bytes.slice(p, p + f.width));
        else if (f.kind === 'I' || f.kind === 'R' || f.kind === 'S') out.push(parseNumber(latin1(bytes, p, p + f.width), f.kind === 'I'));
        else out.push(latin1(bytes, p, p + f.width));
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
        const text = latin1(bytes, p, q);
        out.push(f.kind === 'I' || f.kind === 'R' || f.kind === 'S' ? parseNumber(text, f.kind === 'I') : text);
        p = q + 1;
      }
    }
  } while (defn.repeating && p < end);
  return out;
}

/** The first group of a field as a record of label -> value. */
export function decodeFirstGroup(bytes: Uint8Array, field: FieldRef, record: number): Record<string, SubfieldValue> {
  const values = decodeField(bytes, field, record);
  const out: Record<string, SubfieldValue> = {};
  field.defn?.names.forEach((name, i) => {
    out[name] = i < values.length ? values[i]! : null;
  });
  return out;
}
