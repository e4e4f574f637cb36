// Decoding of one S-57 record's fields (feature, vector, DSID/DSSI/DSPM) into the model's records.
// The record walk is scan.ts; readS57 (read.ts) and CellIndex (lazy.ts) both decode through these.
import { asS57Error, S57Error } from '../errors.js';
import {
  decodeField as decodeIso8211Field,
  decodeFirstGroup as decodeIso8211FirstGroup,
  fixedLayout,
  fixedNumber,
  FT,
  latin1,
  UT,
  type DecodeOptions,
  type FieldRef,
  type Iso8211Module,
  type SubfieldValue,
} from '@chartroom/iso8211';
import { longName, type FeatureRecord, type RawAttribute, type S57Dataset, type UpdateControl, type VectorRecord } from './model.js';

export interface ReadOptions {
  fileName?: string;
}

/** `decodeField` of the ISO 8211 layer, its errors as S57Error (records decode lazily, long after the scan). */
function decodeField(bytes: Uint8Array, field: FieldRef, record: number, opts?: DecodeOptions): SubfieldValue[] {
  try {
    return decodeIso8211Field(bytes, field, record, opts);
  } catch (e) {
    throw asS57Error(e);
  }
}

function decodeFirstGroup(bytes: Uint8Array, field: FieldRef, record: number): Record<string, SubfieldValue> {
  try {
    return decodeIso8211FirstGroup(bytes, field, record);
  } catch (e) {
    throw asS57Error(e);
  }
}

const RECORD_NAMES: Record<number, string> = { 10: 'DS', 20: 'DP', 100: 'FE', 110: 'VI', 120: 'VC', 130: 'VE', 140: 'VF' };

export function num(v: SubfieldValue | undefined): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) || 0 : 0;
}

function str(v: SubfieldValue | undefined): string {
  return typeof v === 'string' ? v : v == null ? '' : String(v);
}

/** Values of field `f` as groups of the named subfields (missing labels give undefined). */
function groups(mod: Iso8211Module, f: FieldRef, record: number, labels: string[], ucs2 = false): (SubfieldValue | undefined)[][] {
  const defn = f.defn!;
  const values = decodeField(mod.bytes, f, record, { ucs2 });
  const n = defn.names.length;
  if (n === 0) return [];
  const idx = labels.map((l) => defn.index.get(l) ?? -1);
  const out: (SubfieldValue | undefined)[][] = [];
  for (let g = 0; g + n <= values.length; g += n) out.push(idx.map((i) => (i < 0 ? undefined : values[g + i])));
  return out;
}

/** Numeric subfields of every group of a fixed-width field, by label (fast path), else null. */
function fixedGroups(mod: Iso8211Module, f: FieldRef, labels: string[]): number[][] | null {
  const defn = f.defn!;
  const l = fixedLayout(defn);
  if (!l || labels.some((x) => defn.formats[defn.index.get(x) ?? -1]?.kind === 'B')) return null;
  const idx = labels.map((x) => defn.index.get(x) ?? -1);
  const out: number[][] = [];
  for (let p = f.start; p + l.width <= f.end; p += l.width) {
    const g: number[] = new Array(idx.length);
    for (let k = 0; k < idx.length; k++) g[k] = fixedNumber(mod.bytes, l, p, idx[k]!);
    out.push(g);
    if (!defn.repeating) break;
  }
  return out;
}

/** NAME (B(40)) pointers with their numeric companions, fast path for fixed-width pointer fields. */
function fixedPointers(mod: Iso8211Module, f: FieldRef, labels: string[]): { rcnm: number; rcid: number; v: number[] }[] | null {
  const defn = f.defn!;
  const l = fixedLayout(defn);
  const ni = defn.index.get('NAME') ?? -1;
  if (!l || ni < 0 || l.formats[ni]!.width !== 5) return null;
  const idx = labels.map((x) => defn.index.get(x) ?? -1);
  const b = mod.bytes;
  const out: { rcnm: number; rcid: number; v: number[] }[] = [];
  for (let p = f.start; p + l.width <= f.end; p += l.width) {
    const q = p + l.offsets[ni]!;
    const v: number[] = new Array(idx.length);
    for (let k = 0; k < idx.length; k++) v[k] = fixedNumber(b, l, p, idx[k]!);
    out.push({ rcnm: b[q]!, rcid: (b[q + 1]! | (b[q + 2]! << 8) | (b[q + 3]! << 16) | (b[q + 4]! << 24)) >>> 0, v });
    if (!defn.repeating) break;
  }
  return out;
}

function attributes(mod: Iso8211Module, f: FieldRef, record: number, ucs2: boolean): RawAttribute[] {
  const defn = f.defn!;
  const a = defn.formats[0];
  const v = defn.formats[1];
  if (
    !ucs2 &&
    defn.names.length === 2 &&
    defn.names[0] === 'ATTL' &&
    a?.kind === 'b' &&
    a.width === 2 &&
    !a.bigEndian &&
    v &&
    v.width === 0 &&
    v.kind === 'A'
  ) {
    const b = mod.bytes;
    const out: RawAttribute[] = [];
    let p = f.start;
    while (p + 2 <= f.end) {
      const code = b[p]! | (b[p + 1]! << 8);
      let q = p + 2;
      while (q < f.end && b[q] !== UT && b[q] !== FT) q++;
      out.push({ code, value: latin1(b, p + 2, q) });
      p = q + 1;
    }
    return out;
  }
  return groups(mod, f, record, ['ATTL', 'ATVL'], ucs2).map(([code, value]) => ({ code: num(code), value: str(value) }));
}

function control(mod: Iso8211Module, f: FieldRef, record: number, labels: [string, string, string]): UpdateControl {
  const [g] = groups(mod, f, record, labels);
  return { instruction: num(g?.[0]), index: num(g?.[1]), count: num(g?.[2]) };
}

/** Decodes a NAME subfield (B(40): RCNM byte + RCID little-endian uint32). */
function nameOf(v: SubfieldValue | undefined): { rcnm: number; rcid: number } {
  if (v instanceof Uint8Array && v.length >= 5) {
    return { rcnm: v[0]!, rcid: (v[1]! | (v[2]! << 8) | (v[3]! << 16) | (v[4]! << 24)) >>> 0 };
  }
  return { rcnm: 0, rcid: 0 };
}

function lnamOf(v: SubfieldValue | undefined): string {
  if (v instanceof Uint8Array && v.length >= 8) {
    const dv = new DataView(v.buffer, v.byteOffset, 8);
    return longName(dv.getUint16(0, true), dv.getUint32(2, true), dv.getUint16(6, true));
  }
  return typeof v === 'string' ? v : '';
}

function coordinates(mod: Iso8211Module, f: FieldRef, record: number, dim: 2 | 3): Int32Array {
  const defn = f.defn!;
  const xi = defn.index.get('XCOO') ?? 1;
  const yi = defn.index.get('YCOO') ?? 0;
  const zi = defn.index.get('VE3D') ?? 2;
  const n = defn.names.length;
  const fast =
    n > 0 && defn.fixedWidth === 4 * n && defn.formats.every((s) => s.kind === 'b' && s.binType === 2 && s.width === 4 && !s.bigEndian);
  if (fast) {
    const count = Math.floor((f.end - f.start) / defn.fixedWidth);
    const out = new Int32Array(count * dim);
    const dv = new DataView(mod.bytes.buffer, mod.bytes.byteOffset);
    for (let i = 0, p = f.start; i < count; i++, p += defn.fixedWidth) {
      out[i * dim] = dv.getInt32(p + 4 * xi, true);
      out[i * dim + 1] = dv.getInt32(p + 4 * yi, true);
      if (dim === 3) out[i * dim + 2] = dv.getInt32(p + 4 * zi, true);
    }
    return out;
  }
  const rows = groups(mod, f, record, dim === 3 ? ['XCOO', 'YCOO', 'VE3D'] : ['XCOO', 'YCOO']);
  const out = new Int32Array(rows.length * dim);
  rows.forEach((r, i) => {
    for (let d = 0; d < dim; d++) out[i * dim + d] = num(r[d]);
  });
  return out;
}

export function checkS57(mod: Iso8211Module): void {
  if (mod.fields.has('CATD') && !mod.fields.has('DSID')) {
    throw new S57Error('not_s57', 'this is an exchange set catalogue (CATALOG.031), not an S-57 cell', { record: 0, offset: 0 });
  }
  const dsid = mod.fields.get('DSID');
  const s57Fields = dsid && ['EXPP', 'INTU', 'DSNM', 'EDTN', 'UPDN'].every((n) => dsid.index.has(n));
  if (!s57Fields || !(mod.fields.has('FRID') || mod.fields.has('VRID'))) {
    const hint = dsid?.index.has('ENSP') ? ' (it looks like S-100/S-101 data)' : '';
    throw new S57Error('not_s57', `ISO 8211 file but not S-57: the data descriptive record lacks the S-57 DSID/FRID/VRID fields${hint}`, {
      record: 0,
      offset: 0,
    });
  }
}

/** @internal Reads a DSID (with its DSSI) or DSPM record into `ds`; returns NALL. */
export function readMetaRecord(
  ds: Pick<S57Dataset, 'dsid' | 'dssi' | 'dspm' | 'recordCounts'>,
  bytes: Uint8Array,
  fields: FieldRef[],
  key: FieldRef,
  r: number,
): number {
  if (key.tag === 'DSID') {
    ds.dsid = decodeFirstGroup(bytes, key, r) as Record<string, string | number | null>;
    const dssi = fields.find((f) => f.tag === 'DSSI');
    if (dssi) ds.dssi = decodeFirstGroup(bytes, dssi, r) as Record<string, string | number | null>;
    countRecord(ds, 10);
  } else {
    ds.dspm = decodeFirstGroup(bytes, key, r) as Record<string, string | number | null>;
    countRecord(ds, 20);
  }
  return num(ds.dssi.NALL ?? 0);
}

export function countRecord(ds: Pick<S57Dataset, 'recordCounts'>, rcnm: number, n = 1): void {
  const name = RECORD_NAMES[rcnm] ?? String(rcnm);
  ds.recordCounts[name] = (ds.recordCounts[name] ?? 0) + n;
}

/** @internal A feature record from its fields (used by the reader and the lazy index). */
export function readFeature(mod: Iso8211Module, fields: FieldRef[], r: number, nall: number): FeatureRecord {
  const f: FeatureRecord = {
    rcid: 0,
    prim: 255,
    grup: 0,
    objl: 0,
    rver: 0,
    ruin: 1,
    agen: 0,
    fidn: 0,
    fids: 0,
    attributes: [],
    nationalAttributes: [],
    featurePointers: [],
    spatialPointers: [],
  };
  for (const field of fields) {
    if (!field.defn) {
      if (field.tag === '0001') continue;
      throw new S57Error('bad_field', `field ${field.tag} is not defined in the data descriptive record`, {
        record: r,
        offset: field.start,
      });
    }
    switch (field.tag) {
      case 'FRID': {
        const [g] =
          fixedGroups(mod, field, ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']) ??
          groups(mod, field, r, ['RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'RUIN']);
        if (g) {
          f.rcid = num(g[0]);
          f.prim = num(g[1]);
          f.grup = num(g[2]);
          f.objl = num(g[3]);
          f.rver = num(g[4]);
          f.ruin = num(g[5]);
        }
        break;
      }
      case 'FOID': {
        const [g] = fixedGroups(mod, field, ['AGEN', 'FIDN', 'FIDS']) ?? groups(mod, field, r, ['AGEN', 'FIDN', 'FIDS']);
        if (g) {
          f.agen = num(g[0]);
          f.fidn = num(g[1]);
          f.fids = num(g[2]);
        }
        break;
      }
      case 'ATTF':
        f.attributes = f.attributes.concat(attributes(mod, field, r, false));
        break;
      case 'NATF':
        f.nationalAttributes = f.nationalAttributes.concat(attributes(mod, field, r, nall === 2));
        break;
      case 'FFPC':
        f.ffpc = control(mod, field, r, ['FFUI', 'FFIX', 'NFPT']);
        break;
      case 'FSPC':
        f.fspc = control(mod, field, r, ['FSUI', 'FSIX', 'NSPT']);
        break;
      case 'FFPT':
        for (const [lnam, rind, comt] of groups(mod, field, r, ['LNAM', 'RIND', 'COMT'])) {
          f.featurePointers.push({ lnam: lnamOf(lnam), rind: num(rind), comment: str(comt) });
        }
        break;
      case 'FSPT': {
        const fast = fixedPointers(mod, field, ['ORNT', 'USAG', 'MASK']);
        if (fast) {
          for (const p of fast) f.spatialPointers.push({ rcnm: p.rcnm, rcid: p.rcid, ornt: p.v[0]!, usag: p.v[1]!, mask: p.v[2]! });
          break;
        }
        for (const [name, ornt, usag, mask] of groups(mod, field, r, ['NAME', 'ORNT', 'USAG', 'MASK'])) {
          f.spatialPointers.push({ ...nameOf(name), ornt: num(ornt), usag: num(usag), mask: num(mask) });
        }
        break;
      }
    }
  }
  return f;
}

const NO_COORDS = new Int32Array(0);
const NO_FIELDS: FieldRef[] = [];
const NO_POINTERS: VectorRecord['pointers'] = [];
const NO_ATTRIBUTES: RawAttribute[] = [];

/** A vector record whose pointers, attributes and coordinates are decoded on first use. */
class LazyVector implements VectorRecord {
  rcnm = 0;
  rcid = 0;
  rver = 0;
  ruin = 1;
  vrpc?: UpdateControl;
  sgcc?: UpdateControl;
  private done = false;
  private c: Int32Array = NO_COORDS;
  private d: 2 | 3 = 2;
  private p: VectorRecord['pointers'] = NO_POINTERS;
  private a: RawAttribute[] = NO_ATTRIBUTES;
  constructor(
    private readonly mod: Iso8211Module,
    private fields: FieldRef[],
    private readonly r: number,
  ) {}
  get coords(): Int32Array {
    this.decode();
    return this.c;
  }
  set coords(v: Int32Array) {
    this.decode();
    this.c = v;
  }
  get dim(): 2 | 3 {
    this.decode();
    return this.d;
  }
  set dim(v: 2 | 3) {
    this.decode();
    this.d = v;
  }
  get pointers(): VectorRecord['pointers'] {
    this.decode();
    return this.p;
  }
  set pointers(v: VectorRecord['pointers']) {
    this.decode();
    this.p = v;
  }
  get attributes(): RawAttribute[] {
    this.decode();
    return this.a;
  }
  set attributes(v: RawAttribute[]) {
    this.decode();
    this.a = v;
  }
  private decode(): void {
    if (this.done) return;
    this.done = true;
    const { mod, r, fields } = this;
    this.fields = NO_FIELDS;
    this.p = [];
    this.a = [];
    for (const field of fields) {
      switch (field.tag) {
        case 'ATTV':
          this.a = this.a.concat(attributes(mod, field, r, false));
          break;
        case 'VRPT': {
          const fast = fixedPointers(mod, field, ['ORNT', 'USAG', 'TOPI', 'MASK']);
          if (fast) {
            for (const q of fast) this.p.push({ rcnm: q.rcnm, rcid: q.rcid, ornt: q.v[0]!, usag: q.v[1]!, topi: q.v[2]!, mask: q.v[3]! });
            break;
          }
          for (const [name, ornt, usag, topi, mask] of groups(mod, field, r, ['NAME', 'ORNT', 'USAG', 'TOPI', 'MASK'])) {
            this.p.push({ ...nameOf(name), ornt: num(ornt), usag: num(usag), topi: num(topi), mask: num(mask) });
          }
          break;
        }
        case 'SG2D':
        case 'AR2D': {
          const c = coordinates(mod, field, r, 2);
          this.c = this.d === 2 && this.c.length > 0 ? concat(this.c, c) : c;
          this.d = 2;
          break;
        }
        case 'SG3D':
          this.c = coordinates(mod, field, r, 3);
          this.d = 3;
          break;
      }
    }
  }
}

/** @internal A vector record from its fields, decoded lazily. */
export function readVector(mod: Iso8211Module, fields: FieldRef[], r: number): VectorRecord {
  const v = new LazyVector(mod, fields, r);
  for (const field of fields) {
    if (!field.defn) {
      if (field.tag === '0001') continue;
      throw new S57Error('bad_field', `field ${field.tag} is not defined in the data descriptive record`, {
        record: r,
        offset: field.start,
      });
    }
    switch (field.tag) {
      case 'VRID': {
        const [g] = fixedGroups(mod, field, ['RCNM', 'RCID', 'RVER', 'RUIN']) ?? groups(mod, field, r, ['RCNM', 'RCID', 'RVER', 'RUIN']);
        if (g) {
          v.rcnm = num(g[0]);
          v.rcid = num(g[1]);
          v.rver = num(g[2]);
          v.ruin = num(g[3]);
        }
        break;
      }
      case 'VRPC':
        v.vrpc = control(mod, field, r, ['VPUI', 'VPIX', 'NVPT']);
        break;
      case 'SGCC':
        v.sgcc = control(mod, field, r, ['CCUI', 'CCIX', 'CCNC']);
        break;
    }
  }
  return v;
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
