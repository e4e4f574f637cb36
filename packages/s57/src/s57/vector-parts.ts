// Direct reads of vector records' geometry for the lazy reader: where a record's SG2D coordinates
// and VRPT pointers are, from its directory, without decoding it (CellIndex.edgeExtent).
import { fixedLayout } from '../iso8211/fixed.js';
import { FT, tagCode, type FieldDefn, type Iso8211Module } from '../iso8211/module.js';

/** See `ScannedS57.vectorParts`: SG2D pairs are 8 bytes (YCOO, XCOO), VRPT entries 9 (NAME, ORNT, USAG, TOPI, MASK). */
export interface VectorParts {
  coordStart: number;
  coordCount: number;
  pointerStart: number;
  pointerCount: number;
}

/** What `vectorParts` needs of a scanned file (ScannedS57, scan.ts, which calls it). */
export interface VectorPartsSource {
  readonly mod: Iso8211Module;
  readonly offset: Float64Array;
  readonly scannedBy: 'quick' | 'general';
  vectorLayouts: VectorLayouts | null | undefined;
  parts: VectorParts | undefined;
}

export interface VectorLayouts {
  /** Tag codes of the fields the data descriptive record defines. */
  defined: Set<number>;
}

const T_0001 = tagCode('0001');
const T_SG2D = tagCode('SG2D');
const T_SG3D = tagCode('SG3D');
const T_AR2D = tagCode('AR2D');
const T_VRPT = tagCode('VRPT');
const T_VRPC = tagCode('VRPC');
const T_SGCC = tagCode('SGCC');

/** Whether SG2D and VRPT are defined as S-57 defines them (what `vectorParts` reads). */
function vectorLayouts(mod: Iso8211Module): VectorLayouts | null {
  const sg = mod.fields.get('SG2D'),
    vp = mod.fields.get('VRPT');
  const binary = (d: FieldDefn, label: string, width: number, binType: number, at: number): boolean => {
    const i = d.index.get(label);
    const f = i === undefined ? undefined : d.formats[i];
    const l = fixedLayout(d);
    return (
      f !== undefined &&
      l !== null &&
      l.offsets[i!] === at &&
      f.kind === 'b' &&
      f.width === width &&
      !f.bigEndian &&
      (binType < 0 || f.binType === binType)
    );
  };
  if (!sg || !vp || !vp.repeating || sg.fixedWidth !== 8 || vp.fixedWidth !== 9) return null;
  if (!binary(sg, 'YCOO', 4, 2, 0) || !binary(sg, 'XCOO', 4, 2, 4)) return null;
  // NAME is B(40): RCNM then RCID as a little-endian 32-bit number (as fixedPointers reads it).
  const ni = vp.index.get('NAME');
  if (ni === undefined || fixedLayout(vp)!.offsets[ni] !== 0 || vp.formats[ni]!.width !== 5) return null;
  return { defined: new Set([...mod.fields.keys()].map(tagCode)) };
}

/**
 * Where the SG2D coordinates and VRPT pointers of the vector record at `slot` are, found
 * from its directory without decoding it, for records whose geometry is just those (no SG3D, AR2D,
 * or repeated SG2D or VRPT), in S-57's standard binary encodings, with every field defined and
 * inside the record. Null otherwise: `vector(slot)` decodes it (and reports what is malformed).
 * The result is reused by the next call.
 */
export function vectorParts(s: VectorPartsSource, slot: number): VectorParts | null {
  const layouts = s.vectorLayouts === undefined ? (s.vectorLayouts = vectorLayouts(s.mod)) : s.vectorLayouts;
  // Records the quick scan read: their leader is known to be well formed (see quickScan).
  if (!layouts || s.scannedBy !== 'quick') return null;
  const b = s.mod.bytes;
  const offset = s.offset[slot]!;
  const end =
    offset +
    (((((b[offset]! - 0x30) * 10 + b[offset + 1]! - 0x30) * 10 + b[offset + 2]! - 0x30) * 10 + b[offset + 3]! - 0x30) * 10 +
      b[offset + 4]! -
      0x30);
  const base =
    ((((b[offset + 12]! - 0x30) * 10 + b[offset + 13]! - 0x30) * 10 + b[offset + 14]! - 0x30) * 10 + b[offset + 15]! - 0x30) * 10 +
    b[offset + 16]! -
    0x30;
  const sizeLen = b[offset + 20]! - 0x30,
    sizePos = b[offset + 21]! - 0x30;
  const entrySize = 4 + sizeLen + sizePos;
  const dirEnd = offset + base - 1;
  const parts = (s.parts ??= { coordStart: 0, coordCount: 0, pointerStart: 0, pointerCount: 0 });
  let coords = false,
    pointers = false;
  parts.coordCount = 0;
  parts.pointerCount = 0;
  for (let p = offset + 24; p < dirEnd; p += entrySize) {
    const b0 = b[p]!,
      b1 = b[p + 1]!,
      b2 = b[p + 2]!,
      b3 = b[p + 3]!;
    if ((b0 | b1 | b2 | b3) >= 0x80) return null;
    const tag = (b0 << 21) | (b1 << 14) | (b2 << 7) | b3;
    let len = 0,
      pos = 0;
    for (let j = p + 4, e = j + sizeLen; j < e; j++) {
      const d = b[j]! - 0x30;
      if (d >>> 0 > 9) return null;
      len = len * 10 + d;
    }
    for (let j = p + 4 + sizeLen, e = j + sizePos; j < e; j++) {
      const d = b[j]! - 0x30;
      if (d >>> 0 > 9) return null;
      pos = pos * 10 + d;
    }
    if (tag !== T_0001 && !layouts.defined.has(tag)) return null;
    const start = offset + base + pos;
    let stop = start + len;
    if (stop > end) return null;
    // As parseRecordAt: the field's data ends before its terminator (one byte, or 1E 00).
    if (stop > start && b[stop - 1] === FT) stop--;
    else if (stop - 1 > start && b[stop - 1] === 0 && b[stop - 2] === FT) stop -= 2;
    if (tag === T_SG2D) {
      if (coords) return null;
      coords = true;
      parts.coordStart = start;
      parts.coordCount = Math.floor((stop - start) / 8);
    } else if (tag === T_VRPT) {
      if (pointers) return null;
      pointers = true;
      parts.pointerStart = start;
      parts.pointerCount = Math.floor((stop - start) / 9);
    } else if (tag === T_SG3D || tag === T_AR2D || tag === T_VRPC || tag === T_SGCC) {
      return null;
    }
  }
  return parts;
}
