// Fast access to subfields of fields whose subfields all have a fixed width (most S-57 fields):
// direct byte reads at precomputed offsets, no intermediate arrays or DataViews.
import type { FieldDefn } from './module.js';
import type { SubfieldFormat } from './format.js';
import { latin1 } from './text.js';

export interface FixedLayout {
  /** Byte offset of each subfield inside a group. */
  offsets: number[];
  formats: SubfieldFormat[];
  /** Bytes per group. */
  width: number;
}

const layouts = new WeakMap<FieldDefn, FixedLayout | null>();

/** The fixed layout of a field definition, or null when a subfield has variable width. */
export function fixedLayout(defn: FieldDefn): FixedLayout | null {
  let l = layouts.get(defn);
  if (l !== undefined) return l;
  l = null;
  if (defn.fixedWidth > 0) {
    const offsets: number[] = [];
    let o = 0;
    for (const f of defn.formats) {
      offsets.push(o);
      o += f.width;
    }
    l = { offsets, formats: defn.formats, width: o };
  }
  layouts.set(defn, l);
  return l;
}

/** Reads a binary number (b1x unsigned, b2x signed, b4x float) at p. */
export function readBinaryAt(bytes: Uint8Array, p: number, f: SubfieldFormat): number {
  const w = f.width;
  if (!f.bigEndian && f.binType <= 2) {
    if (w === 1) return f.binType === 2 ? (bytes[p]! << 24) >> 24 : bytes[p]!;
    if (w === 2) {
      const v = bytes[p]! | (bytes[p + 1]! << 8);
      return f.binType === 2 ? (v << 16) >> 16 : v;
    }
    if (w === 4) {
      const v = bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24);
      return f.binType === 2 ? v : v >>> 0;
    }
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset + p, w);
  const le = !f.bigEndian;
  if (f.binType >= 3 && w === 4) return dv.getFloat32(0, le);
  if (f.binType >= 3 && w === 8) return dv.getFloat64(0, le);
  if (w === 8) return Number(f.binType === 2 ? dv.getBigInt64(0, le) : dv.getBigUint64(0, le));
  let v = 0;
  for (let i = 0; i < w; i++) v += bytes[p + (f.bigEndian ? i : w - 1 - i)]! * 2 ** (8 * (w - 1 - i));
  return v;
}

/** A numeric subfield `i` of the group starting at p (text subfields are parsed as numbers). */
export function fixedNumber(bytes: Uint8Array, l: FixedLayout, p: number, i: number): number {
  if (i < 0) return 0;
  const f = l.formats[i]!;
  const q = p + l.offsets[i]!;
  if (f.kind === 'b') return readBinaryAt(bytes, q, f);
  const v = Number(latin1(bytes, q, q + f.width).trim());
  return Number.isFinite(v) ? v : 0;
}
