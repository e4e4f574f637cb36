// The package's one walk over an S-57 file's ISO 8211 records: each record's identity (FRID: RCID,
// PRIM, GRUP, OBJL, RVER, RUIN; VRID: RCNM, RCID, RVER, RUIN) and the metadata records (DSID, DSSI,
// DSPM) are decoded, the rest is kept as byte offsets (the file's record index). readS57 (read.ts)
// decodes every record from it; CellIndex (lazy.ts) decodes records on demand.
import { S57Error } from '../errors.js';
import { fixedLayout, fixedNumber, type FixedLayout } from '../iso8211/fixed.js';
import {
  FT,
  isPadding,
  openIso8211,
  parseRecordAt,
  scanRecords,
  tagCode,
  tagName,
  type FieldDefn,
  type FieldRef,
  type Iso8211Module,
  type ReusedDirectory,
} from '../iso8211/module.js';
import { RCNM_FE, RCNM_VC, RCNM_VE, RCNM_VF, RCNM_VI, type FeatureRecord, type FieldValues, type VectorRecord } from './model.js';
import {
  featureParts,
  vectorParts,
  type DirectoryCursor,
  type FeatureParts,
  type VectorLayouts,
  type VectorParts,
} from './vector-parts.js';
import { checkS57, countRecord, num, readFeature, readMetaRecord, readVector, type ReadOptions } from './records.js';

interface FastHeader {
  layout: FixedLayout;
  idx: number[];
  /** Per label: byte offset in the group and width when an unsigned little-endian binary (b1x), else width 0. */
  off: Int32Array;
  width: Int32Array;
  /** Values read by `readHeader`. */
  vals: Float64Array;
}

/** Direct reads of a fixed-width identity field, under the same conditions as the full reader's. */
function fastHeader(defn: FieldDefn | undefined, labels: string[]): FastHeader | null {
  if (!defn) return null;
  const layout = fixedLayout(defn);
  if (!layout || labels.some((x) => defn.formats[defn.index.get(x) ?? -1]?.kind === 'B')) return null;
  const idx = labels.map((x) => defn.index.get(x) ?? -1);
  const off = new Int32Array(idx.length),
    width = new Int32Array(idx.length);
  idx.forEach((i, k) => {
    const f = i >= 0 ? layout.formats[i]! : null;
    if (f && f.kind === 'b' && f.binType === 1 && !f.bigEndian && (f.width === 1 || f.width === 2 || f.width === 4)) {
      off[k] = layout.offsets[i]!;
      width[k] = f.width;
    }
  });
  return { layout, idx, off, width, vals: new Float64Array(idx.length) };
}

/** Reads the labels of `h` from the group at p into `h.vals` (as `fixedNumber` would). */
function readHeader(b: Uint8Array, h: FastHeader, p: number): Float64Array {
  const { off, width, vals } = h;
  for (let k = 0; k < vals.length; k++) {
    const w = width[k]!,
      q = p + off[k]!;
    vals[k] =
      w === 1
        ? b[q]!
        : w === 2
          ? b[q]! | (b[q + 1]! << 8)
          : w === 4
            ? (b[q]! | (b[q + 1]! << 8) | (b[q + 2]! << 16) | (b[q + 3]! << 24)) >>> 0
            : fixedNumber(b, h.layout, p, h.idx[k]!);
  }
  return vals;
}

export const VECTOR_RCNMS = [RCNM_VI, RCNM_VC, RCNM_VE, RCNM_VF];

/** One S-57 file scanned: metadata decoded, feature and vector records as columns of numbers. */
export class ScannedS57 {
  dsid: FieldValues = {};
  dssi: FieldValues = {};
  dspm: FieldValues | null = null;
  recordCounts: Record<string, number> = {};
  isUpdateFile = false;
  nall = 0;
  /** @internal Which walk read the file: the quick one for well-formed files, else the general one. */
  scannedBy: 'quick' | 'general' = 'quick';
  /** Number of feature and vector records. */
  n = 0;
  /** Per record, in file order: RCNM (100 for features), RCID, RVER, RUIN, OBJL (features). */
  rcnm = new Uint8Array(1024);
  rcid = new Float64Array(1024);
  rver = new Float64Array(1024);
  ruin = new Float64Array(1024);
  objl = new Float64Array(1024);
  /** Record offset, offset of the record holding its directory, 1-based record number. */
  offset = new Float64Array(1024);
  dirOffset = new Float64Array(1024);
  recIndex = new Float64Array(1024);
  private reuse: ReusedDirectory | null = null;

  constructor(
    readonly mod: Iso8211Module,
    readonly fileName: string | undefined,
  ) {}

  /** Appends a record; `dirOffset` is the record whose directory it uses (itself unless after an 'R' leader). */
  add(rcnm: number, rcid: number, rver: number, ruin: number, objl: number, offset: number, index: number, dirOffset = offset): void {
    if (this.n === this.rcnm.length) this.reserve(this.n * 2);
    const i = this.n++;
    this.rcnm[i] = rcnm;
    this.rcid[i] = rcid;
    this.rver[i] = rver;
    this.ruin[i] = ruin;
    this.objl[i] = objl;
    this.offset[i] = offset;
    this.dirOffset[i] = dirOffset;
    this.recIndex[i] = index;
  }

  /** Makes room for `size` records. */
  reserve(size: number): void {
    if (size <= this.rcnm.length) return;
    const g = <T extends Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.rcnm = g(this.rcnm);
    this.rcid = g(this.rcid);
    this.rver = g(this.rver);
    this.ruin = g(this.ruin);
    this.objl = g(this.objl);
    this.offset = g(this.offset);
    this.dirOffset = g(this.dirOffset);
    this.recIndex = g(this.recIndex);
  }

  /** @internal See `vectorParts` (vector-parts.ts). */
  vectorLayouts: VectorLayouts | null | undefined;
  /** @internal The result `vectorParts` reuses. */
  parts: VectorParts | undefined;

  /** @internal Where a vector record's SG2D and VRPT are: see `vectorParts` (vector-parts.ts). */
  vectorParts(slot: number): VectorParts | null {
    return vectorParts(this, slot);
  }

  /** @internal See `featureParts` (vector-parts.ts). */
  featureLayouts: VectorLayouts | null | undefined;
  /** @internal The result `featureParts` reuses. */
  fparts: FeatureParts | undefined;
  /** @internal The directory cursors `vectorParts` and `featureParts` reuse. */
  vectorCursor: DirectoryCursor | undefined;
  featureCursor: DirectoryCursor | undefined;

  /** @internal A feature record's PRIM and where its FSPT is: see `featureParts` (vector-parts.ts). */
  featureParts(slot: number): FeatureParts | null {
    return featureParts(this, slot);
  }

  /** Fields of the record at `offset`. */
  fieldsAt(offset: number, dirOffset: number, index: number): FieldRef[] {
    let reuse: ReusedDirectory | null = null;
    if (dirOffset !== offset) reuse = this.reuse ??= parseRecordAt(this.mod, dirOffset, index, null).reuse;
    return parseRecordAt(this.mod, offset, index, reuse).rec.fields;
  }

  /** The feature record at `slot`, decoded. */
  feature(slot: number): FeatureRecord {
    const r = this.recIndex[slot]!;
    return readFeature(this.mod, this.fieldsAt(this.offset[slot]!, this.dirOffset[slot]!, r), r, this.nall);
  }

  /** The vector record at `slot` (its pointers, attributes and coordinates decode on first use). */
  vector(slot: number): VectorRecord {
    const r = this.recIndex[slot]!;
    return readVector(this.mod, this.fieldsAt(this.offset[slot]!, this.dirOffset[slot]!, r), r);
  }

  /**
   * Decodes every record once, in file order, as `readS57` does, and keeps none of them: throws the
   * S57Error `readS57` would throw for this file. With `indexCell`, a cell is then checked as fully as
   * by `readS57` while only its record index stays in memory.
   */
  checkRecords(): this {
    for (let slot = 0; slot < this.n; slot++) {
      if (this.rcnm[slot] === RCNM_FE) this.feature(slot);
      else this.vector(slot);
    }
    return this;
  }
}

/** True when every label of `h` is a little-endian unsigned binary the fast scan reads directly. */
function allBinary(h: FastHeader | null): boolean {
  return h !== null && h.width.every((w) => w > 0);
}

/** Scans an S-57 base cell or update file; throws S57Error as `readS57` does for malformed records. */
export function scanS57(bytes: Uint8Array, opts: ReadOptions = {}): ScannedS57 {
  const mod = openIso8211(bytes);
  checkS57(mod);
  const fh = fastHeader(mod.fields.get('FRID'), ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']);
  const vh = fastHeader(mod.fields.get('VRID'), ['RCNM', 'RCID', 'RVER', 'RUIN']);
  // The common case (binary identity fields, plain 'D' leaders, 4-character tags) in one tight loop;
  // anything else, including every malformed record, in the general walk, which says what is wrong.
  if ((fh === null || allBinary(fh)) && (vh === null || allBinary(vh))) {
    const s = new ScannedS57(mod, opts.fileName);
    const pending = new PendingCounts();
    const n = quickScan(s, pending, fh, vh);
    if (n >= 0) {
      s.n = n;
      pending.flush(s);
      return finish(s);
    }
  }
  return generalScan(mod, opts, fh, vh);
}

/** @internal `scanS57` by the general walk alone (to check the quick walk against it). */
export function scanS57General(bytes: Uint8Array, opts: ReadOptions = {}): ScannedS57 {
  const mod = openIso8211(bytes);
  checkS57(mod);
  const fh = fastHeader(mod.fields.get('FRID'), ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']);
  const vh = fastHeader(mod.fields.get('VRID'), ['RCNM', 'RCID', 'RVER', 'RUIN']);
  return generalScan(mod, opts, fh, vh);
}

function finish(s: ScannedS57): ScannedS57 {
  s.isUpdateFile = s.dspm === null && num(s.dsid.UPDN) > 0;
  return s;
}

/** Counts feature and vector records by RCNM, named in `recordCounts` in order of first sight. */
class PendingCounts {
  readonly counts = new Float64Array(256);
  readonly order: number[] = [];
  add(rcnm: number): void {
    if (this.counts[rcnm]!++ === 0) this.order.push(rcnm);
  }
  /** Pending counts go into recordCounts before any other record type is counted (readS57's key order). */
  flush(s: ScannedS57): void {
    for (const rcnm of this.order) {
      countRecord(s, rcnm, this.counts[rcnm]!);
      this.counts[rcnm] = 0;
    }
    this.order.length = 0;
  }
}

/** A metadata or other non-feature, non-vector record: decoded (DSID, DSPM) or counted by tag. */
function otherRecord(s: ScannedS57, pending: PendingCounts, tag: number, offset: number, r: number, k: number): boolean {
  pending.flush(s);
  if (tag === T_DSID || tag === T_DSPM) {
    const fields = s.fieldsAt(offset, offset, r);
    const nall = readMetaRecord(s, s.mod.bytes, fields, fields[k]!, r);
    if (tag === T_DSID) {
      s.nall = nall;
      return true;
    }
  } else {
    const name = tagName(tag);
    s.recordCounts[name] = (s.recordCounts[name] ?? 0) + 1;
  }
  return false;
}

/** 1 for the record names of feature and vector records (FE, VI, VC, VE, VF). */
const IDENTITY_RCNM = new Uint8Array(256);
for (const r of [RCNM_FE, RCNM_VI, RCNM_VC, RCNM_VE, RCNM_VF]) IDENTITY_RCNM[r] = 1;

const T_0001 = tagCode('0001');
const T_FRID = tagCode('FRID');
const T_VRID = tagCode('VRID');
const T_DSID = tagCode('DSID');
const T_DSPM = tagCode('DSPM');

/** FRID and VRID as S-57 encodes them (b11 RCNM, b14 RCID, b11 PRIM, b11 GRUP, b12 OBJL, b12 RVER, b11 RUIN). */
function standardIdentity(h: FastHeader | null, offsets: number[], widths: number[]): boolean {
  return h !== null && offsets.every((o, k) => h.off[k] === o && h.width[k] === widths[k]);
}

/**
 * The scan of well-formed files: each record's leader and identity field (FRID or VRID, the first
 * field after 0001) read in place, the columns written directly, no call per record (this loop
 * runs mostly before V8 has optimised it). The rest of a record's directory and fields is checked
 * when the record is decoded (`ScannedS57.feature`/`vector`, with the full reader's errors).
 * Returns the number of feature and vector records, or -1 at the first thing it does not handle itself (another leader form or identity
 * encoding, a record length the record does not end at, a malformed leader or identity entry,
 * trailing data that is not padding), leaving the file to `generalScan`, which handles or reports it.
 */
function quickScan(s: ScannedS57, pending: PendingCounts, fh: FastHeader | null, vh: FastHeader | null): number {
  // Label order as fastHeader was given them: FRID RCID PRIM GRUP OBJL RVER RUIN, VRID RCNM RCID RVER RUIN.
  if (!standardIdentity(fh, [1, 5, 6, 7, 9, 11], [4, 1, 1, 2, 2, 1]) || !standardIdentity(vh, [0, 1, 5, 7], [1, 4, 2, 1])) return -1;
  const bytes = s.mod.bytes;
  const size = bytes.length;
  const fields = s.mod.fields;
  const counts = pending.counts,
    order = pending.order;
  s.reserve(Math.ceil((size - s.mod.dataStart) / 64));
  let { rcnm: RCNM, rcid: RCID, rver: RVER, ruin: RUIN, objl: OBJL, offset: OFFSET, dirOffset: DIR, recIndex: INDEX } = s;
  let n = s.n;
  let offset = s.mod.dataStart;
  let r = 0;
  let sawDsid = false;
  while (offset < size) {
    r++;
    const c0 = bytes[offset]!;
    // Padding after the last record ends the file (the code after this loop runs once: nothing
    // there that V8 has no feedback for, which would throw the optimised loop away).
    if (c0 < 0x30 || c0 > 0x39) return isPadding(bytes, offset) && sawDsid ? n : -1;
    if (offset + 24 > size || bytes[offset + 6] !== 0x44 || bytes[offset + 23] !== 0x34) return -1;
    // Leader: record length and base address (5 digits each), sizes of the length and position.
    const a0 = bytes[offset]! - 0x30,
      a1 = bytes[offset + 1]! - 0x30,
      a2 = bytes[offset + 2]! - 0x30,
      a3 = bytes[offset + 3]! - 0x30,
      a4 = bytes[offset + 4]! - 0x30;
    const b0 = bytes[offset + 12]! - 0x30,
      b1 = bytes[offset + 13]! - 0x30,
      b2 = bytes[offset + 14]! - 0x30,
      b3 = bytes[offset + 15]! - 0x30,
      b4 = bytes[offset + 16]! - 0x30;
    const sizeLen = bytes[offset + 20]! - 0x30,
      sizePos = bytes[offset + 21]! - 0x30;
    // A digit is 0..9: as unsigned 32-bit, anything below '0' is huge.
    if (
      a0 >>> 0 > 9 ||
      a1 >>> 0 > 9 ||
      a2 >>> 0 > 9 ||
      a3 >>> 0 > 9 ||
      a4 >>> 0 > 9 ||
      b0 >>> 0 > 9 ||
      b1 >>> 0 > 9 ||
      b2 >>> 0 > 9 ||
      b3 >>> 0 > 9 ||
      b4 >>> 0 > 9 ||
      sizeLen < 1 ||
      sizeLen > 9 ||
      sizePos < 1 ||
      sizePos > 9
    )
      return -1;
    const base = b0 * 10000 + b1 * 1000 + b2 * 100 + b3 * 10 + b4;
    const entrySize = 4 + sizeLen + sizePos;
    let end = offset + a0 * 10000 + a1 * 1000 + a2 * 100 + a3 * 10 + a4;
    // A record longer than 99 999 bytes cannot state its length: its directory tells.
    if (end === offset) end = directoryEnd(bytes, offset, base, sizeLen, sizePos);
    // The directory ends with a field terminator, the record with its last field's.
    if (
      base < 25 + entrySize ||
      end <= offset + base ||
      end > size ||
      bytes[offset + base - 1] !== FT ||
      bytes[end - 1] !== FT ||
      (base - 25) % entrySize !== 0
    )
      return -1;
    // The identity field: the first directory entry, or the second after 0001.
    let p = offset + 24,
      k = 0;
    if (bytes[p] === 0x30 && bytes[p + 1] === 0x30 && bytes[p + 2] === 0x30 && bytes[p + 3] === 0x31) {
      p += entrySize;
      k = 1;
      if (p >= offset + base - 1) return -1;
    }
    const t0 = bytes[p]!,
      t1 = bytes[p + 1]!,
      t2 = bytes[p + 2]!,
      t3 = bytes[p + 3]!;
    let len = 0,
      pos = 0;
    for (let j = p + 4, e = j + sizeLen; j < e; j++) {
      const d = bytes[j]! - 0x30;
      if (d >>> 0 > 9) return -1;
      len = len * 10 + d;
    }
    for (let j = p + 4 + sizeLen, e = j + sizePos; j < e; j++) {
      const d = bytes[j]! - 0x30;
      if (d >>> 0 > 9) return -1;
      pos = pos * 10 + d;
    }
    const q = offset + base + pos;
    // The field's data, then its terminator, inside the record.
    const stop = q + len - 1;
    if (stop >= end || bytes[stop] !== FT) return -1;
    if (t1 === 0x52 && t2 === 0x49 && t3 === 0x44 && (t0 === 0x46 || t0 === 0x56)) {
      // FRID, VRID
      // FRID: RCNM RCID(4) PRIM GRUP OBJL(2) RVER(2) RUIN, 12 bytes; VRID: RCNM RCID(4) RVER(2) RUIN, 8.
      // Written without branches between the two: V8 optimises this loop while reading the first
      // kind of record, and code the other kind alone would run is code it has no feedback for
      // (the optimised loop would be thrown away when the second kind begins).
      const feature = t0 === 0x46;
      const skip = feature ? 4 : 0;
      const first = bytes[q]!;
      const rcnm = feature ? RCNM_FE : first;
      if (!sawDsid || q + 8 + skip > stop || IDENTITY_RCNM[rcnm] === 0) return -1;
      if (n === RCNM.length) {
        s.n = n;
        s.reserve(2 * n);
        ({ rcnm: RCNM, rcid: RCID, rver: RVER, ruin: RUIN, objl: OBJL, offset: OFFSET, dirOffset: DIR, recIndex: INDEX } = s);
      }
      const v = q + skip;
      const objl = bytes[q + 7]! | (bytes[q + 8]! << 8);
      RCNM[n] = rcnm;
      RCID[n] = (bytes[q + 1]! | (bytes[q + 2]! << 8) | (bytes[q + 3]! << 16) | (bytes[q + 4]! << 24)) >>> 0;
      RVER[n] = bytes[v + 5]! | (bytes[v + 6]! << 8);
      RUIN[n] = bytes[v + 7]!;
      OBJL[n] = feature ? objl : 0;
      OFFSET[n] = offset;
      DIR[n] = offset;
      INDEX[n] = r;
      n++;
      if (counts[rcnm]!++ === 0) order.push(rcnm);
    } else {
      const tag = (t0 | t1 | t2 | t3) < 0x80 ? (t0 << 21) | (t1 << 14) | (t2 << 7) | t3 : -1;
      if (tag < 0 || !fields.has(tagName(tag))) return -1;
      if (otherRecord(s, pending, tag, offset, r, k)) sawDsid = true;
      if (!sawDsid) return -1;
    }
    offset = end;
  }
  return sawDsid ? n : -1;
}

/** End of the record at `offset` by its directory (the furthest field end), or `offset` when malformed. */
function directoryEnd(bytes: Uint8Array, offset: number, base: number, sizeLen: number, sizePos: number): number {
  const entrySize = 4 + sizeLen + sizePos;
  let area = 0;
  for (let p = offset + 24; p + entrySize <= offset + base - 1; p += entrySize) {
    let len = 0,
      pos = 0;
    for (let j = p + 4; j < p + 4 + sizeLen; j++) {
      const d = bytes[j]! - 0x30;
      if (d >>> 0 > 9) return offset;
      len = len * 10 + d;
    }
    for (let j = p + 4 + sizeLen; j < p + entrySize; j++) {
      const d = bytes[j]! - 0x30;
      if (d >>> 0 > 9) return offset;
      pos = pos * 10 + d;
    }
    if (pos + len > area) area = pos + len;
  }
  return offset + base + area;
}

/** The general walk (any leader form and field format), with the full reader's checks and errors. */
function generalScan(mod: Iso8211Module, opts: ReadOptions, fh: FastHeader | null, vh: FastHeader | null): ScannedS57 {
  const bytes = mod.bytes;
  const s = new ScannedS57(mod, opts.fileName);
  s.scannedBy = 'general';
  const defined = new Set<number>();
  for (const t of mod.fields.keys()) defined.add(tagCode(t));
  let sawDsid = false;
  const pending = new PendingCounts();
  scanRecords(mod, (c) => {
    const n = c.n,
      tags = c.tags;
    const k = n > 0 && tags[0] === T_0001 ? 1 : 0;
    if (k >= n) return;
    const tag = tags[k]!;
    const r = c.index;
    if (!defined.has(tag))
      throw new S57Error('bad_field', `field ${tagName(tag)} is not defined in the data descriptive record`, {
        record: r,
        offset: c.starts[k]!,
      });
    if (tag === T_FRID || tag === T_VRID) {
      for (let i = k + 1; i < n; i++) {
        const t = tags[i]!;
        if (t !== T_0001 && !defined.has(t))
          throw new S57Error('bad_field', `field ${tagName(t)} is not defined in the data descriptive record`, {
            record: r,
            offset: c.starts[i]!,
          });
      }
    }
    if (tag === T_FRID) {
      let rcid = 0,
        rver = 0,
        ruin = 1,
        objl = 0;
      if (fh) {
        const p = c.starts[k]!;
        if (p + fh.layout.width <= c.ends[k]!) {
          const v = readHeader(bytes, fh, p);
          rcid = v[0]!;
          objl = v[3]!;
          rver = v[4]!;
          ruin = v[5]!;
        }
      } else {
        const f = readFeature(mod, s.fieldsAt(c.offset, c.dirOffset, r), r, s.nall);
        rcid = f.rcid;
        objl = f.objl;
        rver = f.rver;
        ruin = f.ruin;
      }
      s.add(RCNM_FE, rcid, rver, ruin, objl, c.offset, r, c.dirOffset);
      pending.add(RCNM_FE);
    } else if (tag === T_VRID) {
      let rcnm = 0,
        rcid = 0,
        rver = 0,
        ruin = 1;
      if (vh) {
        const p = c.starts[k]!;
        if (p + vh.layout.width <= c.ends[k]!) {
          const v = readHeader(bytes, vh, p);
          rcnm = v[0]!;
          rcid = v[1]!;
          rver = v[2]!;
          ruin = v[3]!;
        }
      } else {
        const v = readVector(mod, s.fieldsAt(c.offset, c.dirOffset, r), r);
        rcnm = v.rcnm;
        rcid = v.rcid;
        rver = v.rver;
        ruin = v.ruin;
      }
      if (rcnm !== RCNM_VI && rcnm !== RCNM_VC && rcnm !== RCNM_VE && rcnm !== RCNM_VF)
        throw new S57Error('bad_record', `vector record with unknown RCNM ${rcnm}`, { record: r, offset: c.starts[k]! });
      s.add(rcnm, rcid, rver, ruin, 0, c.offset, r, c.dirOffset);
      pending.add(rcnm);
    } else if (tag === T_DSID || tag === T_DSPM) {
      pending.flush(s);
      const fields = s.fieldsAt(c.offset, c.dirOffset, r);
      const nall = readMetaRecord(s, mod.bytes, fields, fields[k]!, r);
      if (tag === T_DSID) {
        sawDsid = true;
        s.nall = nall;
      }
    } else {
      pending.flush(s);
      const name = tagName(tag);
      s.recordCounts[name] = (s.recordCounts[name] ?? 0) + 1;
    }
    if (!sawDsid) throw new S57Error('not_s57', 'the first data record is not a DSID record', { record: r, offset: c.offset });
  });
  pending.flush(s);
  if (!sawDsid) throw new S57Error('not_s57', 'no DSID record: not an S-57 cell', { offset: mod.dataStart });
  return finish(s);
}

/** Reference to a record: file number * 2^26 + slot. */
