// Direct reads of records' geometry for the lazy reader: where a vector record's SG2D coordinates
// and VRPT pointers are (CellIndex.edgeExtent), and a feature record's PRIM and FSPT pointers
// (CellIndex.featureRecords with `near`), from the record's directory, without decoding it.
import { FT, fixedLayout, tagCode, type FieldDefn, type Iso8211Module } from '@chartroom/iso8211';

/** See `ScannedS57.vectorParts`: SG2D pairs are 8 bytes (YCOO, XCOO), VRPT entries 9 (NAME, ORNT, USAG, TOPI, MASK). */
export interface VectorParts {
  coordStart: number;
  coordCount: number;
  pointerStart: number;
  pointerCount: number;
}

/** See `ScannedS57.featureParts`: PRIM, and where the FSPT entries are (8 bytes: NAME, ORNT, USAG, MASK). */
export interface FeatureParts {
  prim: number;
  pointerStart: number;
  pointerCount: number;
}

/** What `vectorParts` and `featureParts` need of a scanned file (ScannedS57, scan.ts, which calls them). */
export interface VectorPartsSource {
  readonly mod: Iso8211Module;
  readonly offset: Float64Array;
  readonly scannedBy: 'quick' | 'general';
  vectorLayouts: VectorLayouts | null | undefined;
  parts: VectorParts | undefined;
  featureLayouts: VectorLayouts | null | undefined;
  fparts: FeatureParts | undefined;
  vectorCursor: DirectoryCursor | undefined;
  featureCursor: DirectoryCursor | undefined;
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
const T_FRID = tagCode('FRID');
const T_FSPT = tagCode('FSPT');
const T_FSPC = tagCode('FSPC');

/** Is `label` of field `d` a little-endian binary of `width` bytes (of binType, if not negative) at byte `at`? */
function binaryAt(d: FieldDefn, label: string, width: number, binType: number, at: number): boolean {
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
}

/** Is the pointer field's NAME a B(40) at its start: RCNM, then RCID as a little-endian 32-bit number (as fixedPointers reads it)? */
function nameFirst(d: FieldDefn): boolean {
  const ni = d.index.get('NAME');
  return ni !== undefined && fixedLayout(d)!.offsets[ni] === 0 && d.formats[ni]!.width === 5;
}

function definedTags(mod: Iso8211Module): VectorLayouts {
  return { defined: new Set([...mod.fields.keys()].map(tagCode)) };
}

/** Whether SG2D and VRPT are defined as S-57 defines them (what `vectorParts` reads). */
function vectorLayouts(mod: Iso8211Module): VectorLayouts | null {
  const sg = mod.fields.get('SG2D'),
    vp = mod.fields.get('VRPT');
  if (!sg || !vp || !vp.repeating || sg.fixedWidth !== 8 || vp.fixedWidth !== 9) return null;
  if (!binaryAt(sg, 'YCOO', 4, 2, 0) || !binaryAt(sg, 'XCOO', 4, 2, 4)) return null;
  return nameFirst(vp) ? definedTags(mod) : null;
}

/** Whether FSPT is defined as S-57 defines it (what `featureParts` reads; FRID's PRIM the quick scan checked). */
function featureLayouts(mod: Iso8211Module): VectorLayouts | null {
  const fp = mod.fields.get('FSPT');
  if (!fp || !fp.repeating || fp.fixedWidth !== 8) return null;
  return nameFirst(fp) ? definedTags(mod) : null;
}

/**
 * The fields of one record's directory after another (a record the quick scan read, so its leader
 * is well formed): `open` it, then `next` gives each field's tag and data (`start` to `stop`,
 * without its terminator) until it answers false; `ok` then tells whether the whole directory was
 * as `vectorParts` and `featureParts` need it (every tag defined, every field inside the record,
 * no malformed entry). One per scanned file, reused: nothing is allocated per record.
 */
export class DirectoryCursor {
  tag = 0;
  start = 0;
  stop = 0;
  ok = true;
  private p = 0;
  private dirEnd = 0;
  private end = 0;
  private base = 0;
  private sizeLen = 0;
  private sizePos = 0;

  constructor(
    private readonly b: Uint8Array,
    private readonly defined: Set<number>,
  ) {}

  open(offset: number): void {
    const b = this.b;
    this.end =
      offset +
      (((((b[offset]! - 0x30) * 10 + b[offset + 1]! - 0x30) * 10 + b[offset + 2]! - 0x30) * 10 + b[offset + 3]! - 0x30) * 10 +
        b[offset + 4]! -
        0x30);
    const base =
      ((((b[offset + 12]! - 0x30) * 10 + b[offset + 13]! - 0x30) * 10 + b[offset + 14]! - 0x30) * 10 + b[offset + 15]! - 0x30) * 10 +
      b[offset + 16]! -
      0x30;
    this.base = offset + base;
    this.sizeLen = b[offset + 20]! - 0x30;
    this.sizePos = b[offset + 21]! - 0x30;
    this.dirEnd = offset + base - 1;
    this.p = offset + 24;
    this.ok = true;
  }

  next(): boolean {
    const b = this.b;
    const p = this.p;
    if (p >= this.dirEnd) return false;
    this.p = p + 4 + this.sizeLen + this.sizePos;
    this.ok = false;
    const b0 = b[p]!,
      b1 = b[p + 1]!,
      b2 = b[p + 2]!,
      b3 = b[p + 3]!;
    if ((b0 | b1 | b2 | b3) >= 0x80) return false;
    const tag = (b0 << 21) | (b1 << 14) | (b2 << 7) | b3;
    let len = 0,
      pos = 0;
    for (let j = p + 4, e = j + this.sizeLen; j < e; j++) {
      const d = b[j]! - 0x30;
      if (d >>> 0 > 9) return false;
      len = len * 10 + d;
    }
    for (let j = p + 4 + this.sizeLen, e = j + this.sizePos; j < e; j++) {
      const d = b[j]! - 0x30;
      if (d >>> 0 > 9) return false;
      pos = pos * 10 + d;
    }
    if (tag !== T_0001 && !this.defined.has(tag)) return false;
    const start = this.base + pos;
    let stop = start + len;
    if (stop > this.end) return false;
    // As parseRecordAt: the field's data ends before its terminator (one byte, or 1E 00).
    if (stop > start && b[stop - 1] === FT) stop--;
    else if (stop - 1 > start && b[stop - 1] === 0 && b[stop - 2] === FT) stop -= 2;
    this.tag = tag;
    this.start = start;
    this.stop = stop;
    this.ok = true;
    return true;
  }
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
  const parts = (s.parts ??= { coordStart: 0, coordCount: 0, pointerStart: 0, pointerCount: 0 });
  const c = (s.vectorCursor ??= new DirectoryCursor(s.mod.bytes, layouts.defined));
  let coords = false,
    pointers = false;
  parts.coordCount = 0;
  parts.pointerCount = 0;
  c.open(s.offset[slot]!);
  while (c.next()) {
    const tag = c.tag;
    if (tag === T_SG2D) {
      if (coords) return null;
      coords = true;
      parts.coordStart = c.start;
      parts.coordCount = Math.floor((c.stop - c.start) / 8);
    } else if (tag === T_VRPT) {
      if (pointers) return null;
      pointers = true;
      parts.pointerStart = c.start;
      parts.pointerCount = Math.floor((c.stop - c.start) / 9);
    } else if (tag === T_SG3D || tag === T_AR2D || tag === T_VRPC || tag === T_SGCC) {
      return null;
    }
  }
  return c.ok ? parts : null;
}

/**
 * The PRIM of the feature record at `slot` and where its FSPT entries are, found from its
 * directory without decoding it, for records with one FRID, at most one FSPT and no FSPC, in S-57's
 * standard binary encodings. Null otherwise (decode it then). The result is reused by the next call.
 */
export function featureParts(s: VectorPartsSource, slot: number): FeatureParts | null {
  const layouts = s.featureLayouts === undefined ? (s.featureLayouts = featureLayouts(s.mod)) : s.featureLayouts;
  if (!layouts || s.scannedBy !== 'quick') return null;
  const parts = (s.fparts ??= { prim: -1, pointerStart: 0, pointerCount: 0 });
  const c = (s.featureCursor ??= new DirectoryCursor(s.mod.bytes, layouts.defined));
  let pointers = false;
  parts.prim = -1;
  parts.pointerCount = 0;
  c.open(s.offset[slot]!);
  while (c.next()) {
    const tag = c.tag;
    if (tag === T_FRID) {
      // The quick scan read FRID as S-57 encodes it: PRIM is its sixth byte.
      if (parts.prim !== -1 || c.stop - c.start < 6) return null;
      parts.prim = s.mod.bytes[c.start + 5]!;
    } else if (tag === T_FSPT) {
      if (pointers) return null;
      pointers = true;
      parts.pointerStart = c.start;
      parts.pointerCount = Math.floor((c.stop - c.start) / 8);
    } else if (tag === T_FSPC) {
      return null;
    }
  }
  return c.ok && parts.prim !== -1 ? parts : null;
}
