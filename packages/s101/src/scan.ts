// The package's one walk over an S-101 file's ISO 8211 records: the Dataset General Information
// record (DSID, DSSI, code tables) and the CRS record are decoded, every other record is kept as
// its identity (RCNM, RCID, RVER, RUIN, the feature or information type code) and its byte offset.
// Records are decoded on demand (`ScannedS101.record`), as GDAL's DDFRecordIndex keeps them.
import {
  fixedLayout,
  fixedNumber,
  openIso8211,
  parseRecordAt,
  scanRecords,
  tagCode,
  tagName,
  type FieldDefn,
  type FieldRef,
  type FixedLayout,
  type Iso8211Module,
  type ReusedDirectory,
} from '@chartroom/iso8211';
import { asS101Error, S101Error } from './errors.js';
import { fieldValues, num, text } from './fields.js';
import { RCNM_CRS, RCNM_DATASET, type CodeTables, type ContentRecord, type CrsComponent, type DatasetHeader } from './model.js';
import { IDENTITY_TAGS, readRecord } from './records.js';

export interface ScanOptions {
  /** File name, for messages and the dataset name when DSNM is blank. */
  fileName?: string;
}

/** Record names as `recordCounts` shows them. */
export const RECORD_KIND: Record<number, string> = {
  10: 'DatasetGeneralInformation',
  15: 'CoordinateReferenceSystem',
  150: 'InformationType',
  110: 'Point',
  115: 'MultiPoint',
  120: 'Curve',
  125: 'CompositeCurve',
  130: 'Surface',
  100: 'FeatureType',
};

/** One S-101 file scanned: its header decoded, its content records as columns of numbers. */
export class ScannedS101 implements DatasetHeader {
  dsid: DatasetHeader['dsid'] = {};
  dssi: Record<string, number> = {};
  codes: CodeTables = {
    attributes: new Map(),
    informationTypes: new Map(),
    featureTypes: new Map(),
    informationAssociations: new Map(),
    featureAssociations: new Map(),
    roles: new Map(),
  };
  crs: CrsComponent[] = [];
  /** Records read, by kind (DatasetGeneralInformation, CoordinateReferenceSystem, Point, ... FeatureType). */
  recordCounts: Record<string, number> = {};
  /** Number of content records. */
  n = 0;
  /** Per content record, in file order: RCNM, RCID, RVER, RUIN, type code (NFTC/NITC, else 0). */
  rcnm = new Uint8Array(1024);
  rcid = new Float64Array(1024);
  rver = new Float64Array(1024);
  ruin = new Float64Array(1024);
  code = new Float64Array(1024);
  /** Record offset, offset of the record holding its directory, 1-based record number. */
  offset = new Float64Array(1024);
  dirOffset = new Float64Array(1024);
  recIndex = new Float64Array(1024);
  private reuse: ReusedDirectory | null = null;

  constructor(
    readonly mod: Iso8211Module,
    readonly fileName: string | undefined,
  ) {}

  add(rcnm: number, rcid: number, rver: number, ruin: number, code: number, offset: number, index: number, dirOffset: number): void {
    if (this.n === this.rcnm.length) this.reserve(this.n * 2);
    const i = this.n++;
    this.rcnm[i] = rcnm;
    this.rcid[i] = rcid;
    this.rver[i] = rver;
    this.ruin[i] = ruin;
    this.code[i] = code;
    this.offset[i] = offset;
    this.dirOffset[i] = dirOffset;
    this.recIndex[i] = index;
  }

  private reserve(size: number): void {
    const g = <T extends Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.rcnm = g(this.rcnm);
    this.rcid = g(this.rcid);
    this.rver = g(this.rver);
    this.ruin = g(this.ruin);
    this.code = g(this.code);
    this.offset = g(this.offset);
    this.dirOffset = g(this.dirOffset);
    this.recIndex = g(this.recIndex);
  }

  /** Fields of the record at `offset` (whose directory is the record at `dirOffset`). */
  fieldsAt(offset: number, dirOffset: number, index: number): FieldRef[] {
    try {
      let reuse: ReusedDirectory | null = null;
      if (dirOffset !== offset) reuse = this.reuse ??= parseRecordAt(this.mod, dirOffset, index, null).reuse;
      return parseRecordAt(this.mod, offset, index, reuse).rec.fields;
    } catch (e) {
      throw asS101Error(e, this.fileName);
    }
  }

  /** The content record at `slot`, decoded. */
  record(slot: number): ContentRecord {
    const r = this.recIndex[slot]!;
    return readRecord(this.mod, this.fieldsAt(this.offset[slot]!, this.dirOffset[slot]!, r), r, this.codes);
  }

  /** The feature or information type name of the record at `slot` (from this file's FTCS/ITCS). */
  typeName(slot: number): string {
    const table = this.rcnm[slot] === 150 ? this.codes.informationTypes : this.codes.featureTypes;
    const code = this.code[slot]!;
    return table.get(code) ?? `#${code}`;
  }

  /** True for an update dataset (application profile 2, or an update number above 0). */
  get isUpdate(): boolean {
    return String(this.dsid.PROF ?? '').trim() === '2' || editionOf(this.dsid).update > 0;
  }

  /** Decodes every content record once, keeping none: throws what reading them later would. */
  checkRecords(): this {
    for (let slot = 0; slot < this.n; slot++) this.record(slot);
    return this;
  }
}

/** Edition and update number from DSED ('[edition].[update]', e.g. '4.20'; S-101 Annex B). */
export function editionOf(dsid: DatasetHeader['dsid']): { edition: number; update: number } {
  const m = /^\s*(\d+)(?:\.(\d+))?/.exec(String(dsid.DSED ?? ''));
  return { edition: m ? Number(m[1]) : 0, update: m?.[2] ? Number(m[2]) : 0 };
}

interface IdentityReader {
  layout: FixedLayout;
  rcnm: number;
  /** Subfield positions of RCNM, RCID, RVER, RUIN and the type code (-1 when absent). */
  idx: [number, number, number, number, number];
}

function identityReader(defn: FieldDefn | undefined, rcnm: number): IdentityReader | null {
  if (!defn) return null;
  const layout = fixedLayout(defn);
  if (!layout) return null;
  const i = (l: string): number => defn.index.get(l) ?? -1;
  return { layout, rcnm, idx: [i('RCNM'), i('RCID'), i('RVER'), i('RUIN'), Math.max(i('NFTC'), i('NITC'))] };
}

/** Throws unless the descriptive record is that of an S-101 (S-100 Part 10a) dataset. */
function checkS101(mod: Iso8211Module, file: string | undefined): void {
  const at = { record: 0, offset: 0, file };
  if (mod.fields.has('CATD') && !mod.fields.has('DSID'))
    throw new S101Error('not_s101', 'this is an S-57 exchange set catalogue (CATALOG.031), not an S-101 dataset', at);
  const dsid = mod.fields.get('DSID');
  if (dsid && ['EXPP', 'INTU', 'EDTN', 'UPDN'].every((l) => dsid.index.has(l)))
    throw new S101Error('not_s101', 'this is an S-57 cell (its DSID has the S-57 fields EXPP, INTU, EDTN, UPDN), not an S-101 dataset', at);
  if (!dsid || !['ENSP', 'PRSP', 'DSNM', 'DSED'].every((l) => dsid.index.has(l)))
    throw new S101Error('not_s101', 'ISO 8211 file but not S-101: the data descriptive record has no S-100 Part 10a DSID field', at);
}

/** Scans an S-101 base or update dataset; throws S101Error on anything that is not a readable one. */
export function scanS101(bytes: Uint8Array, opts: ScanOptions = {}): ScannedS101 {
  try {
    return scan(bytes, opts);
  } catch (e) {
    throw asS101Error(e, opts.fileName);
  }
}

const T_DSID = tagCode('DSID');
const T_CSID = tagCode('CSID');

function scan(bytes: Uint8Array, opts: ScanOptions): ScannedS101 {
  const mod = openIso8211(bytes);
  checkS101(mod, opts.fileName);
  const s = new ScannedS101(mod, opts.fileName);
  const readers = new Map<number, IdentityReader | null>();
  for (const [tag, rcnm] of Object.entries(IDENTITY_TAGS)) readers.set(tagCode(tag), identityReader(mod.fields.get(tag), rcnm));
  const defined = new Set<number>();
  for (const t of mod.fields.keys()) defined.add(tagCode(t));
  const counts = new Counts();
  let sawDsid = false;
  scanRecords(mod, (c) => {
    const r = c.index;
    if (c.n === 0) throw new S101Error('bad_record', 'record without fields', { record: r, offset: c.offset });
    for (let i = 0; i < c.n; i++) {
      if (!defined.has(c.tags[i]!))
        throw new S101Error('bad_field', `field ${tagName(c.tags[i]!)} is not defined in the data descriptive record`, {
          record: r,
          offset: c.starts[i]!,
        });
    }
    const tag = c.tags[0]!;
    if (!sawDsid && tag !== T_DSID)
      throw new S101Error('not_s101', 'the first data record is not the Dataset General Information record (DSID)', {
        record: r,
        offset: c.offset,
      });
    if (tag === T_DSID) {
      if (sawDsid) throw new S101Error('bad_record', 'a second Dataset General Information record', { record: r, offset: c.offset });
      sawDsid = true;
      readHeader(s, s.fieldsAt(c.offset, c.dirOffset, r), r);
      counts.add(RCNM_DATASET);
      return;
    }
    if (tag === T_CSID) {
      s.crs = readCrs(s.mod, s.fieldsAt(c.offset, c.dirOffset, r), r);
      counts.add(RCNM_CRS);
      return;
    }
    const reader = readers.get(tag);
    if (reader === undefined)
      throw new S101Error('bad_record', `record starting with field ${tagName(tag)} is not an S-101 record`, {
        record: r,
        offset: c.offset,
      });
    let rcnm: number, rcid: number, rver: number, ruin: number, code: number;
    const p = c.starts[0]!;
    if (reader && p + reader.layout.width <= c.ends[0]!) {
      const { layout, idx } = reader;
      rcnm = idx[0] >= 0 ? fixedNumber(bytes, layout, p, idx[0]) : 0;
      rcid = idx[1] >= 0 ? fixedNumber(bytes, layout, p, idx[1]) : 0;
      rver = idx[2] >= 0 ? fixedNumber(bytes, layout, p, idx[2]) : 0;
      ruin = idx[3] >= 0 ? fixedNumber(bytes, layout, p, idx[3]) : 0;
      code = idx[4] >= 0 ? fixedNumber(bytes, layout, p, idx[4]) : 0;
    } else {
      // Another layout of the identity field, or a short one: the general decoder reads or refuses it.
      const v = fieldValues(mod, s.fieldsAt(c.offset, c.dirOffset, r)[0]!, r);
      const get = (l: string): number => {
        const i = v.at(l);
        return num(i.h >= 0 ? v.header[i.h] : i.g >= 0 ? v.groups[0]?.[i.g] : undefined);
      };
      [rcnm, rcid, rver, ruin, code] = [get('RCNM'), get('RCID'), get('RVER'), get('RUIN'), Math.max(get('NFTC'), get('NITC'))];
    }
    const expected = (reader?.rcnm ?? IDENTITY_TAGS[tagName(tag)])!;
    if (rcnm !== expected)
      throw new S101Error('bad_record', `${tagName(tag)} record with RCNM ${rcnm} (expected ${expected})`, { record: r, offset: p });
    s.add(rcnm, rcid, rver, ruin, code, c.offset, r, c.dirOffset);
    counts.add(rcnm);
  });
  if (!sawDsid)
    throw new S101Error('not_s101', 'no Dataset General Information record (DSID): not an S-101 dataset', { offset: mod.dataStart });
  counts.into(s);
  const product = text(s.dsid.PRSP);
  if (!/S-?101/i.test(product))
    throw new S101Error('not_s101', `an S-100 dataset of product '${product || 'unknown'}', not S-101`, { record: 1, file: opts.fileName });
  return s;
}

/** Records counted by RCNM during the walk, named in `recordCounts` (in order of first sight) at its end. */
class Counts {
  readonly n = new Float64Array(256);
  readonly order: number[] = [];
  add(rcnm: number): void {
    if (this.n[rcnm]!++ === 0) this.order.push(rcnm);
  }
  into(s: ScannedS101): void {
    for (const rcnm of this.order) s.recordCounts[RECORD_KIND[rcnm] ?? String(rcnm)] = this.n[rcnm]!;
  }
}

const DSID_LABELS = ['RCNM', 'RCID', 'ENSP', 'ENED', 'PRSP', 'PRED', 'PROF', 'DSNM', 'DSTL', 'DSRD', 'DSLG', 'DSAB', 'DSED'];
const CODE_FIELDS: Record<string, keyof CodeTables> = {
  ATCS: 'attributes',
  ITCS: 'informationTypes',
  FTCS: 'featureTypes',
  IACS: 'informationAssociations',
  FACS: 'featureAssociations',
  ARCS: 'roles',
};

/** DSID (with its topic categories), DSSI and the code tables. */
function readHeader(s: ScannedS101, fields: FieldRef[], r: number): void {
  for (const f of fields) {
    if (f.tag === 'DSID') {
      const v = fieldValues(s.mod, f, r);
      const dsid: DatasetHeader['dsid'] = {};
      for (const l of DSID_LABELS) {
        const i = v.at(l);
        const value = i.h >= 0 ? v.header[i.h] : i.g >= 0 ? v.groups[0]?.[i.g] : undefined;
        dsid[l] = value instanceof Uint8Array ? null : (value ?? null);
      }
      const tc = v.at('DSTC').g;
      dsid.DSTC = tc >= 0 ? v.groups.map((g) => num(g[tc])) : [];
      s.dsid = dsid;
    } else if (f.tag === 'DSSI') {
      const v = fieldValues(s.mod, f, r);
      const dssi: Record<string, number> = {};
      f.defn!.names.forEach((l) => {
        const i = v.at(l);
        dssi[l] = num(i.h >= 0 ? v.header[i.h] : i.g >= 0 ? v.groups[0]?.[i.g] : undefined);
      });
      s.dssi = dssi;
    } else if (CODE_FIELDS[f.tag]) {
      const v = fieldValues(s.mod, f, r);
      const table = s.codes[CODE_FIELDS[f.tag]!];
      const names = f.defn!.names;
      // Each group: the code (text) and its numeric code in this file.
      const ti = v.at(names[0] ?? '').g,
        ni = v.at(names[1] ?? '').g;
      for (const g of v.groups) table.set(num(g[ni]), text(g[ti]));
    }
  }
}

/** The CRS record: one component per CRSH, with the CSAX and VDAT fields that follow it. */
function readCrs(mod: Iso8211Module, fields: FieldRef[], r: number): CrsComponent[] {
  const out: CrsComponent[] = [];
  for (const f of fields) {
    const v = fieldValues(mod, f, r);
    const get = (l: string): string | number | null => {
      const i = v.at(l);
      const value = i.h >= 0 ? v.header[i.h] : i.g >= 0 ? v.groups[0]?.[i.g] : undefined;
      return value instanceof Uint8Array || value === undefined ? null : value;
    };
    if (f.tag === 'CRSH') {
      out.push({
        index: num(get('CRIX')),
        type: num(get('CRST')),
        coordinateSystem: num(get('CSTY')),
        name: text(get('CRNM')),
        identifier: text(get('CRSI')),
        source: num(get('CRSS')),
        axes: [],
        verticalDatum: null,
      });
    } else if (f.tag === 'CSAX' && out.length > 0) {
      const ti = v.at('AXTY').g,
        ui = v.at('AXUM').g;
      out[out.length - 1]!.axes = v.groups.map((g) => ({ type: num(g[ti]), unit: num(g[ui]) }));
    } else if (f.tag === 'VDAT' && out.length > 0) {
      out[out.length - 1]!.verticalDatum = { name: text(get('DTNM')), identifier: text(get('DTID')) };
    }
  }
  return out;
}
