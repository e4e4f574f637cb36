// The package's one walk over an S-57 file's ISO 8211 records: each record's identity (FRID: RCID,
// PRIM, GRUP, OBJL, RVER, RUIN; VRID: RCNM, RCID, RVER, RUIN) and the metadata records (DSID, DSSI,
// DSPM) are decoded, the rest is kept as byte offsets (the record index: ScannedS57, scanned.ts).
// readS57 (read.ts) decodes every record from it; CellIndex (lazy.ts) decodes records on demand.
import { asS57Error, S57Error } from '../errors.js';
import {
  fixedLayout,
  fixedNumber,
  FT,
  isPadding,
  openIso8211,
  scanRecords,
  tagCode,
  tagName,
  type FieldDefn,
  type FixedLayout,
  type Iso8211Module,
} from '@chartroom/iso8211';
import { RCNM_FE, RCNM_VC, RCNM_VE, RCNM_VF, RCNM_VI } from './model.js';
import { checkS57, countRecord, num, readFeature, readMetaRecord, readVector, type ReadOptions } from './records.js';
import { ScannedS57 } from './scanned.js';

export { ScannedS57 };

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

/** True when every label of `h` is a little-endian unsigned binary the fast scan reads directly. */
function allBinary(h: FastHeader | null): boolean {
  return h !== null && h.width.every((w) => w > 0);
}

/** Scans an S-57 base cell or update file; throws S57Error as `readS57` does for malformed records. */
export function scanS57(bytes: Uint8Array, opts: ReadOptions = {}): ScannedS57 {
  try {
    return scan(bytes, opts);
  } catch (e) {
    throw asS57Error(e);
  }
}

function scan(bytes: Uint8Array, opts: ReadOptions): ScannedS57 {
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
  try {
    const mod = openIso8211(bytes);
    checkS57(mod);
    const fh = fastHeader(mod.fields.get('FRID'), ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']);
    const vh = fastHeader(mod.fields.get('VRID'), ['RCNM', 'RCID', 'RVER', 'RUIN']);
    return generalScan(mod, opts, fh, vh);
  } catch (e) {
    throw asS57Error(e);
  }
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
