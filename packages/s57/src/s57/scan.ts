// The lazy reader's single pass over a cell's ISO 8211 records: each record's identity (FRID: RCID,
// PRIM, GRUP, OBJL, RVER, RUIN; VRID: RCNM, RCID, RVER, RUIN) and the metadata records (DSID, DSSI,
// DSPM) are decoded, the rest is kept as byte offsets for CellIndex (lazy.ts) to decode on demand.
import { S57Error } from '../errors.js';
import { fixedLayout, fixedNumber, type FixedLayout } from '../iso8211/fixed.js';
import { openIso8211, parseRecordAt, scanRecords, tagCode, tagName, type FieldDefn, type FieldRef, type Iso8211Module, type RecordCursor, type ReusedDirectory } from '../iso8211/module.js';
import { RCNM_FE, RCNM_VC, RCNM_VE, RCNM_VF, RCNM_VI, type FeatureRecord, type FieldValues, type VectorRecord } from './model.js';
import { checkS57, countRecord, num, readFeature, readMetaRecord, readVector, type ReadOptions } from './read.js';

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
  const off = new Int32Array(idx.length), width = new Int32Array(idx.length);
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
    const w = width[k]!, q = p + off[k]!;
    vals[k] = w === 1 ? b[q]!
      : w === 2 ? b[q]! | (b[q + 1]! << 8)
        : w === 4 ? (b[q]! | (b[q + 1]! << 8) | (b[q + 2]! << 16) | (b[q + 3]! << 24)) >>> 0
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

  constructor(readonly mod: Iso8211Module, readonly fileName: string | undefined) {}

  push(rcnm: number, rcid: number, rver: number, ruin: number, objl: number, c: RecordCursor): void {
    if (this.n === this.rcnm.length) this.grow();
    const i = this.n++;
    this.rcnm[i] = rcnm; this.rcid[i] = rcid; this.rver[i] = rver; this.ruin[i] = ruin; this.objl[i] = objl;
    this.offset[i] = c.offset; this.dirOffset[i] = c.dirOffset; this.recIndex[i] = c.index;
  }

  private grow(): void {
    const size = this.rcnm.length * 2;
    const g = <T extends Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.rcnm = g(this.rcnm); this.rcid = g(this.rcid); this.rver = g(this.rver); this.ruin = g(this.ruin);
    this.objl = g(this.objl); this.offset = g(this.offset); this.dirOffset = g(this.dirOffset); this.recIndex = g(this.recIndex);
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
}

/** Scans an S-57 base cell or update file; throws S57Error as `readS57` does for malformed records. */
export function scanS57(bytes: Uint8Array, opts: ReadOptions = {}): ScannedS57 {
  const mod = openIso8211(bytes);
  checkS57(mod);
  const s = new ScannedS57(mod, opts.fileName);
  const defined = new Set<number>();
  for (const t of mod.fields.keys()) defined.add(tagCode(t));
  const T0001 = tagCode('0001');
  const FRID = tagCode('FRID');
  const VRID = tagCode('VRID');
  const DSID = tagCode('DSID');
  const DSPM = tagCode('DSPM');
  const fh = fastHeader(mod.fields.get('FRID'), ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']);
  const vh = fastHeader(mod.fields.get('VRID'), ['RCNM', 'RCID', 'RVER', 'RUIN']);
  let sawDsid = false;
  // Feature and vector records counted by RCNM here, named at the end (in order of first sight).
  const counts = new Float64Array(256);
  const order: number[] = [];
  // Pending counts go into recordCounts before any other record type is counted, so that its keys
  // come in the order readS57 gives them.
  const flushCounts = (): void => {
    for (const rcnm of order) {
      countRecord(s, rcnm, counts[rcnm]!);
      counts[rcnm] = 0;
    }
    order.length = 0;
  };
  scanRecords(mod, (c) => {
    const n = c.n, tags = c.tags;
    const k = n > 0 && tags[0] === T0001 ? 1 : 0;
    if (k >= n) return;
    const tag = tags[k]!;
    const r = c.index;
    if (!defined.has(tag)) throw new S57Error('bad_field', `field ${tagName(tag)} is not defined in the data descriptive record`, { record: r, offset: c.starts[k]! });
    if (tag === FRID || tag === VRID) {
      for (let i = k + 1; i < n; i++) {
        const t = tags[i]!;
        if (t !== T0001 && !defined.has(t)) throw new S57Error('bad_field', `field ${tagName(t)} is not defined in the data descriptive record`, { record: r, offset: c.starts[i]! });
      }
    }
    if (tag === FRID) {
      let rcid = 0, rver = 0, ruin = 1, objl = 0;
      if (fh) {
        const p = c.starts[k]!;
        if (p + fh.layout.width <= c.ends[k]!) {
          const v = readHeader(bytes, fh, p);
          rcid = v[0]!; objl = v[3]!; rver = v[4]!; ruin = v[5]!;
        }
      } else {
        const f = readFeature(mod, s.fieldsAt(c.offset, c.dirOffset, r), r, s.nall);
        rcid = f.rcid; objl = f.objl; rver = f.rver; ruin = f.ruin;
      }
      s.push(RCNM_FE, rcid, rver, ruin, objl, c);
      if (counts[RCNM_FE]!++ === 0) order.push(RCNM_FE);
    } else if (tag === VRID) {
      let rcnm = 0, rcid = 0, rver = 0, ruin = 1;
      if (vh) {
        const p = c.starts[k]!;
        if (p + vh.layout.width <= c.ends[k]!) {
          const v = readHeader(bytes, vh, p);
          rcnm = v[0]!; rcid = v[1]!; rver = v[2]!; ruin = v[3]!;
        }
      } else {
        const v = readVector(mod, s.fieldsAt(c.offset, c.dirOffset, r), r);
        rcnm = v.rcnm; rcid = v.rcid; rver = v.rver; ruin = v.ruin;
      }
      if (rcnm !== RCNM_VI && rcnm !== RCNM_VC && rcnm !== RCNM_VE && rcnm !== RCNM_VF) throw new S57Error('bad_record', `vector record with unknown RCNM ${rcnm}`, { record: r, offset: c.starts[k]! });
      s.push(rcnm, rcid, rver, ruin, 0, c);
      if (counts[rcnm]!++ === 0) order.push(rcnm);
    } else if (tag === DSID || tag === DSPM) {
      flushCounts();
      const fields = s.fieldsAt(c.offset, c.dirOffset, r);
      const nall = readMetaRecord(s, mod.bytes, fields, fields[k]!, r);
      if (tag === DSID) {
        sawDsid = true;
        s.nall = nall;
      }
    } else {
      flushCounts();
      const name = tagName(tag);
      s.recordCounts[name] = (s.recordCounts[name] ?? 0) + 1;
    }
    if (!sawDsid) throw new S57Error('not_s57', 'the first data record is not a DSID record', { record: r, offset: c.offset });
  });
  flushCounts();
  if (!sawDsid) throw new S57Error('not_s57', 'no DSID record: not an S-57 cell', { offset: mod.dataStart });
  s.isUpdateFile = s.dspm === null && num(s.dsid.UPDN) > 0;
  return s;
}

/** Reference to a record: file number * 2^26 + slot. */
