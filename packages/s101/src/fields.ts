// Field-level decoding for S-101 records: a field's subfields as a header and groups of values by
// label, and coordinate lists read straight from the bytes when they have the standard layout.
import { decodeField, type FieldDefn, type FieldRef, type Iso8211Module, type SubfieldValue } from '@chartroom/iso8211';
import { asS101Error, S101Error } from './errors.js';

/** A field's values: the header subfields (once) and each repetition of the group. */
export interface FieldValues {
  header: SubfieldValue[];
  groups: SubfieldValue[][];
  /** Position of a label in the header (h) or in a group (g), -1 when absent. */
  at(label: string): { h: number; g: number };
}

/** Decodes a field (text as UTF-8, S-100 Part 10a), its errors as S101Error. */
export function fieldValues(mod: Iso8211Module, f: FieldRef, record: number): FieldValues {
  let values: SubfieldValue[];
  try {
    values = decodeField(mod.bytes, f, record, { utf8: true });
  } catch (e) {
    throw asS101Error(e);
  }
  const defn = f.defn!;
  const n = defn.names.length;
  const from = Math.min(defn.repeatFrom, n);
  const header = values.slice(0, from);
  const groups: SubfieldValue[][] = [];
  const width = n - from;
  if (width > 0) for (let p = from; p + width <= values.length; p += width) groups.push(values.slice(p, p + width));
  return {
    header,
    groups,
    at(label: string) {
      const i = defn.index.get(label) ?? -1;
      if (i < 0) return { h: -1, g: -1 };
      return i < from ? { h: i, g: -1 } : { h: -1, g: i - from };
    },
  };
}

export function num(v: SubfieldValue | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

export function text(v: SubfieldValue | undefined): string {
  return typeof v === 'string' ? v : v == null ? '' : String(v);
}

/** Values of the given labels for every group of a field without a header (missing labels: undefined). */
export function rows(mod: Iso8211Module, f: FieldRef, record: number, labels: string[]): (SubfieldValue | undefined)[][] {
  const v = fieldValues(mod, f, record);
  const idx = labels.map((l) => v.at(l));
  if (v.groups.length === 0) return v.header.length > 0 ? [idx.map((i) => (i.h >= 0 ? v.header[i.h] : undefined))] : [];
  return v.groups.map((g) => idx.map((i) => (i.g >= 0 ? g[i.g] : i.h >= 0 ? v.header[i.h] : undefined)));
}

/** Values of the given labels in a field's first (or only) group. */
export function one(mod: Iso8211Module, f: FieldRef, record: number, labels: string[]): (SubfieldValue | undefined)[] {
  return rows(mod, f, record, labels)[0] ?? labels.map(() => undefined);
}

/** A signed 32-bit little-endian integer at p. */
function int32(b: Uint8Array, p: number): number {
  return b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
}

/** True when subfields [from, to) of `defn` are all b24 (signed 32-bit little-endian). */
function allInt32(defn: FieldDefn, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const s = defn.formats[i];
    if (!s || s.kind !== 'b' || s.binType !== 2 || s.width !== 4 || s.bigEndian) return false;
  }
  return true;
}

/**
 * The coordinates of a C2IT, C3IT, C2IL or C3IL field as x, y (, z) integers: YCOO, XCOO (, ZCOO)
 * swapped into x, y order. Read in place when the field has its standard layout (b24 tuples, a b11
 * VCID header for the 3-D fields), else through the general decoder.
 */
export function coordinates(mod: Iso8211Module, f: FieldRef, record: number, dim: 2 | 3): Int32Array {
  const defn = f.defn!;
  const n = defn.names.length;
  const from = Math.min(defn.repeatFrom, n);
  const yi = defn.index.get('YCOO') ?? -1;
  const xi = defn.index.get('XCOO') ?? -1;
  const zi = defn.index.get('ZCOO') ?? -1;
  // Standard layout: an optional one-byte VCID, then only b24 subfields in the tuple.
  const tupleStart = n - dim;
  const headerBytes = tupleStart === 1 && defn.formats[0]?.width === 1 ? 1 : tupleStart === 0 ? 0 : -1;
  const standard =
    headerBytes >= 0 &&
    allInt32(defn, tupleStart, n) &&
    yi === tupleStart &&
    xi === tupleStart + 1 &&
    (dim === 2 || zi === tupleStart + 2) &&
    (from === tupleStart || from === n);
  if (standard) {
    const b = mod.bytes;
    const start = f.start + headerBytes;
    const width = 4 * dim;
    const count = Math.max(0, Math.floor((f.end - start) / width));
    if (start + count * width !== f.end)
      throw new S101Error('bad_field', `field ${f.tag} does not hold a whole number of coordinates`, { record, offset: f.start });
    const out = new Int32Array(count * dim);
    for (let i = 0, p = start; i < count; i++, p += width) {
      out[i * dim] = int32(b, p + 4);
      out[i * dim + 1] = int32(b, p);
      if (dim === 3) out[i * dim + 2] = int32(b, p + 8);
    }
    return out;
  }
  const labels = dim === 3 ? ['XCOO', 'YCOO', 'ZCOO'] : ['XCOO', 'YCOO'];
  const r = rows(mod, f, record, labels);
  const out = new Int32Array(r.length * dim);
  r.forEach((row, i) => {
    for (let d = 0; d < dim; d++) out[i * dim + d] = num(row[d]);
  });
  return out;
}
