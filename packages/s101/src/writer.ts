// A small S-101 writer (S-100 Part 10a records, S-101 Annex B field definitions): what the tests,
// the demo dataset and its updates are made with. Coordinates are given in degrees (and metres
// for depths) and encoded with CMFX/CMFY/CMFZ; the code tables are made from the codes used.
import { SubfieldBuilder, writeIso8211, type FieldData, type FieldDefinition } from '@chartroom/iso8211';
import {
  RCNM_COMPOSITE_CURVE,
  RCNM_CURVE,
  RCNM_FEATURE,
  RCNM_INFORMATION,
  RCNM_MULTIPOINT,
  RCNM_POINT,
  RCNM_SURFACE,
  type RawAttribute,
  type UpdateControl,
} from './model.js';

const D = (
  tag: string,
  name: string,
  structure: FieldDefinition['structure'],
  descriptor: string,
  formats: string,
  utf8 = false,
): FieldDefinition => ({
  tag,
  name,
  structure,
  dataType: structure === '0' ? '0' : '6',
  descriptor,
  formats,
  ...(utf8 ? { escape: '%/G' } : {}),
});
const WITH_ATTRIBUTES = '\\\\*NATC!ATIX!PAIX!ATIN!ATVL';

/** The field definitions of S-101 Annex B (base and update datasets). */
export const S101_FIELD_DEFINITIONS: FieldDefinition[] = [
  D(
    'DSID',
    'Dataset Identification',
    '3',
    'RCNM!RCID!ENSP!ENED!PRSP!PRED!PROF!DSNM!DSTL!DSRD!DSLG!DSAB!DSED\\\\*DSTC',
    '(b11,b14,7A,A(8),3A,b11)',
    true,
  ),
  D('DSSI', 'Dataset Structure Information', '1', 'DCOX!DCOY!DCOZ!CMFX!CMFY!CMFZ!NOIR!NOPN!NOMN!NOCN!NOXN!NOSN!NOFR', '(3b48,10b14)'),
  D('ATCS', 'Attribute Codes', '2', '*ATCD!ANCD', '(A,b12)'),
  D('ITCS', 'Information Type Codes', '2', '*ITCD!ITNC', '(A,b12)'),
  D('FTCS', 'Feature Type Codes', '2', '*FTCD!FTNC', '(A,b12)'),
  D('IACS', 'Information Association Codes', '2', '*IACD!IANC', '(A,b12)'),
  D('FACS', 'Feature Association Codes', '2', '*FACD!FANC', '(A,b12)'),
  D('ARCS', 'Association Role Codes', '2', '*ARCD!ARNC', '(A,b12)'),
  D('ATTR', 'Attribute', '2', '*NATC!ATIX!PAIX!ATIN!ATVL', '(3b12,b11,A)', true),
  D('CSID', 'Coordinate Reference System Record Identifier', '1', 'RCNM!RCID!NCRC', '(b11,b14,b11)'),
  D('CRSH', 'Coordinate Reference System Header', '1', 'CRIX!CRST!CSTY!CRNM!CRSI!CRSS!SCRI', '(3b11,2A,b11,A)', true),
  D('CSAX', 'Coordinate System Axes', '2', '*AXTY!AXUM', '(2b11)'),
  D('VDAT', 'Vertical Datum', '1', 'DTNM!DTID!DTSR!SCRI', '(2A,b11,A)', true),
  D('IRID', 'Information Type Record Identifier', '1', 'RCNM!RCID!NITC!RVER!RUIN', '(b11,b14,2b12,b11)'),
  D('INAS', 'Information Association', '3', `RRNM!RRID!NIAC!NARC!IUIN${WITH_ATTRIBUTES}`, '(b11,b14,2b12,b11,3b12,b11,A)', true),
  D('C2IT', '2-D Integer Coordinate Tuple', '1', 'YCOO!XCOO', '(2b24)'),
  D('C3IT', '3-D Integer Coordinate Tuple', '1', 'VCID!YCOO!XCOO!ZCOO', '(b11,3b24)'),
  D('C2IL', '2-D Integer Coordinate List', '2', '*YCOO!XCOO', '(2b24)'),
  D('C3IL', '3-D Integer Coordinate List', '3', 'VCID\\\\*YCOO!XCOO!ZCOO', '(b11,3b24)'),
  D('COCC', 'Coordinate Control', '1', 'COUI!COIX!NCOR', '(b11,2b12)'),
  D('PRID', 'Point Record Identifier', '1', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('MRID', 'Multi Point Record Identifier', '1', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('CRID', 'Curve Record Identifier', '1', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('PTAS', 'Point Association', '2', '*RRNM!RRID!TOPI', '(b11,b14,b11)'),
  D('SECC', 'Segment Control', '1', 'SEUI!SEIX!NSEG', '(b11,2b12)'),
  D('SEGH', 'Segment Header', '1', 'INTP', '(b11)'),
  D('CCID', 'Composite Curve Record Identifier', '1', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('CCOC', 'Curve Component Control', '1', 'CCUI!CCIX!NCCO', '(b11,2b12)'),
  D('CUCO', 'Curve Component', '2', '*RRNM!RRID!ORNT', '(b11,b14,b11)'),
  D('SRID', 'Surface Record Identifier', '1', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('RIAS', 'Ring Association', '2', '*RRNM!RRID!ORNT!USAG!RAUI', '(b11,b14,3b11)'),
  D('FRID', 'Feature Type Record Identifier', '1', 'RCNM!RCID!NFTC!RVER!RUIN', '(b11,b14,2b12,b11)'),
  D('FOID', 'Feature Object Identifier', '1', 'AGEN!FIDN!FIDS', '(b12,b14,b12)'),
  D('SPAS', 'Spatial Association', '2', '*RRNM!RRID!ORNT!SMIN!SMAX!SAUI', '(b11,b14,b11,2b14,b11)'),
  D('FASC', 'Feature Association', '3', `RRNM!RRID!NFAC!NARC!FAUI${WITH_ATTRIBUTES}`, '(b11,b14,2b12,b11,3b12,b11,A)', true),
  D('MASK', 'Masked Spatial Record', '2', '*RRNM!RRID!MIND!MUIN', '(b11,b14,2b11)'),
];

/** An attribute entry to write: flat, as ATTR holds it (parent: 1-based position in the same list). */
export type WriteAttribute = Partial<RawAttribute> & { code: string };

/** Attribute values as written by hand: simple values, complex ones as objects, repeated ones as arrays. */
export interface NestedAttributes {
  [code: string]: string | number | boolean | NestedAttributes | (string | number | NestedAttributes)[];
}

/** Nested attributes as ATTR entries (ATIX counted per code and parent, PAIX the parent's position). */
export function flatAttributes(attrs: NestedAttributes, instruction = 1): WriteAttribute[] {
  const out: WriteAttribute[] = [];
  const visit = (obj: NestedAttributes, parent: number): void => {
    for (const [code, value] of Object.entries(obj)) {
      const list = Array.isArray(value) ? value : [value];
      list.forEach((v, i) => {
        if (typeof v === 'object') {
          out.push({ code, index: i + 1, parent, instruction, value: '' });
          visit(v, out.length);
        } else out.push({ code, index: i + 1, parent, instruction, value: typeof v === 'boolean' ? (v ? '1' : '0') : String(v) });
      });
    }
  };
  visit(attrs, 0);
  return out;
}

interface Identity {
  rcid: number;
  /** RVER, default 1. */
  rver?: number;
  /** RUIN, default 1 (insert). */
  ruin?: number;
}

export interface WriteAssociation {
  rcnm?: number;
  rcid: number;
  association: string;
  role: string;
  instruction?: number;
  attributes?: WriteAttribute[];
}

export interface WriteS101 {
  /** DSNM, e.g. '101XX00DEMO1.000' (an update: '.001' ...). */
  name: string;
  title?: string;
  edition: number;
  update: number;
  /** DSRD, YYYYMMDD. */
  issueDate: string;
  /** 'INT.IHO.S-101.1.1' unless given. */
  productSpecification?: string;
  /** CMFX/CMFY (10^7) and CMFZ (10) unless given. */
  multipliers?: { x: number; y: number; z: number };
  /** Writes the CRS record (WGS 84 and a vertical datum); default: for base datasets (update 0). */
  crs?: boolean;
  information?: (Identity & { type: string; attributes?: WriteAttribute[] })[];
  points?: (Identity & { lon: number; lat: number; z?: number })[];
  multiPoints?: (Identity & { points: [lon: number, lat: number, depth: number][]; control?: UpdateControl })[];
  curves?: (Identity & {
    begin?: number;
    end?: number;
    coords: [lon: number, lat: number][];
    segmentControl?: UpdateControl;
    control?: UpdateControl;
  })[];
  compositeCurves?: (Identity & { components: { rcnm?: number; rcid: number; orientation?: number }[]; control?: UpdateControl })[];
  surfaces?: (Identity & { rings: { rcnm?: number; rcid: number; orientation?: number; usage?: number; instruction?: number }[] })[];
  features?: (Identity & {
    type: string;
    foid?: { agen: number; fidn: number; fids: number };
    attributes?: WriteAttribute[];
    information?: WriteAssociation[];
    spatial?: { rcnm: number; rcid: number; orientation?: number; scaleMinimum?: number; scaleMaximum?: number; instruction?: number }[];
    associations?: WriteAssociation[];
  })[];
}

/** Numeric codes for names, in order of first use (from 1). */
class Codes {
  readonly map = new Map<string, number>();
  of(name: string): number {
    let n = this.map.get(name);
    if (n === undefined) this.map.set(name, (n = this.map.size + 1));
    return n;
  }
}

/** Writes an S-101 base or update dataset. */
export function writeS101(ds: WriteS101): Uint8Array {
  const m = ds.multipliers ?? { x: 10_000_000, y: 10_000_000, z: 10 };
  const codes = { atcs: new Codes(), itcs: new Codes(), ftcs: new Codes(), iacs: new Codes(), facs: new Codes(), arcs: new Codes() };
  const b = (): SubfieldBuilder => new SubfieldBuilder();
  const ident = (rcnm: number, r: Identity, code?: number): Uint8Array => {
    const s = b().u8(rcnm).u32(r.rcid);
    if (code !== undefined) s.u16(code);
    return s
      .u16(r.rver ?? 1)
      .u8(r.ruin ?? 1)
      .bytes();
  };
  const attr = (tag: 'ATTR', list: WriteAttribute[] | undefined): FieldData[] => {
    if (!list || list.length === 0) return [];
    const s = b();
    for (const a of list)
      s.u16(codes.atcs.of(a.code))
        .u16(a.index ?? 1)
        .u16(a.parent ?? 0)
        .u8(a.instruction ?? 1)
        .utf8(a.value ?? '');
    return [{ tag, data: s.bytes() }];
  };
  const assoc = (tag: 'INAS' | 'FASC', list: WriteAssociation[] | undefined, table: Codes, rcnm: number): FieldData[] =>
    (list ?? []).map((a) => {
      const s = b()
        .u8(a.rcnm ?? rcnm)
        .u32(a.rcid)
        .u16(table.of(a.association))
        .u16(codes.arcs.of(a.role))
        .u8(a.instruction ?? 1);
      for (const x of a.attributes ?? [])
        s.u16(codes.atcs.of(x.code))
          .u16(x.index ?? 1)
          .u16(x.parent ?? 0)
          .u8(x.instruction ?? 1)
          .utf8(x.value ?? '');
      return { tag, data: s.bytes() };
    });
  const ctl = (tag: string, c: UpdateControl | undefined): FieldData[] =>
    c ? [{ tag, data: b().u8(c.instruction).u16(c.index).u16(c.count).bytes() }] : [];
  const X = (lon: number): number => Math.round(lon * m.x);
  const Y = (lat: number): number => Math.round(lat * m.y);
  const Z = (z: number): number => Math.round(z * m.z);

  const records: FieldData[][] = [];
  for (const r of ds.information ?? []) {
    records.push([{ tag: 'IRID', data: ident(RCNM_INFORMATION, r, codes.itcs.of(r.type)) }, ...attr('ATTR', r.attributes)]);
  }
  for (const p of ds.points ?? []) {
    const c =
      p.z === undefined
        ? { tag: 'C2IT', data: b().i32(Y(p.lat)).i32(X(p.lon)).bytes() }
        : { tag: 'C3IT', data: b().u8(2).i32(Y(p.lat)).i32(X(p.lon)).i32(Z(p.z)).bytes() };
    records.push([{ tag: 'PRID', data: ident(RCNM_POINT, p) }, c]);
  }
  for (const mp of ds.multiPoints ?? []) {
    const s = b().u8(2);
    for (const [lon, lat, z] of mp.points) s.i32(Y(lat)).i32(X(lon)).i32(Z(z));
    records.push([{ tag: 'MRID', data: ident(RCNM_MULTIPOINT, mp) }, ...ctl('COCC', mp.control), { tag: 'C3IL', data: s.bytes() }]);
  }
  for (const c of ds.curves ?? []) {
    const fields: FieldData[] = [{ tag: 'CRID', data: ident(RCNM_CURVE, c) }];
    if (c.begin !== undefined || c.end !== undefined) {
      const s = b();
      if (c.begin !== undefined)
        s.u8(RCNM_POINT)
          .u32(c.begin)
          .u8(c.begin === c.end ? 3 : 1);
      if (c.end !== undefined && c.end !== c.begin) s.u8(RCNM_POINT).u32(c.end).u8(2);
      fields.push({ tag: 'PTAS', data: s.bytes() });
    }
    fields.push(...ctl('SECC', c.segmentControl), { tag: 'SEGH', data: b().u8(4).bytes() }, ...ctl('COCC', c.control));
    const s = b();
    for (const [lon, lat] of c.coords) s.i32(Y(lat)).i32(X(lon));
    fields.push({ tag: 'C2IL', data: s.bytes() });
    records.push(fields);
  }
  for (const cc of ds.compositeCurves ?? []) {
    const s = b();
    for (const k of cc.components)
      s.u8(k.rcnm ?? RCNM_CURVE)
        .u32(k.rcid)
        .u8(k.orientation ?? 1);
    records.push([{ tag: 'CCID', data: ident(RCNM_COMPOSITE_CURVE, cc) }, ...ctl('CCOC', cc.control), { tag: 'CUCO', data: s.bytes() }]);
  }
  for (const sf of ds.surfaces ?? []) {
    const s = b();
    for (const r of sf.rings)
      s.u8(r.rcnm ?? RCNM_COMPOSITE_CURVE)
        .u32(r.rcid)
        .u8(r.orientation ?? 1)
        .u8(r.usage ?? 1)
        .u8(r.instruction ?? 1);
    records.push([
      { tag: 'SRID', data: ident(RCNM_SURFACE, sf) },
      { tag: 'RIAS', data: s.bytes() },
    ]);
  }
  for (const f of ds.features ?? []) {
    const fields: FieldData[] = [{ tag: 'FRID', data: ident(RCNM_FEATURE, f, codes.ftcs.of(f.type)) }];
    if (f.foid) fields.push({ tag: 'FOID', data: b().u16(f.foid.agen).u32(f.foid.fidn).u16(f.foid.fids).bytes() });
    fields.push(...attr('ATTR', f.attributes), ...assoc('INAS', f.information, codes.iacs, RCNM_INFORMATION));
    if (f.spatial && f.spatial.length > 0) {
      const s = b();
      for (const a of f.spatial)
        s.u8(a.rcnm)
          .u32(a.rcid)
          .u8(a.orientation ?? 255)
          .u32(a.scaleMinimum ?? 0xffffffff)
          .u32(a.scaleMaximum ?? 0)
          .u8(a.instruction ?? 1);
      fields.push({ tag: 'SPAS', data: s.bytes() });
    }
    fields.push(...assoc('FASC', f.associations, codes.facs, RCNM_FEATURE));
    records.push(fields);
  }

  const head: FieldData[] = [
    {
      tag: 'DSID',
      data: b()
        .u8(10)
        .u32(1)
        .utf8('S-100 Part 10a')
        .utf8('5.0')
        .utf8(ds.productSpecification ?? 'INT.IHO.S-101.1.1')
        .utf8('1.1')
        .utf8(ds.update > 0 ? '2' : '1')
        .utf8(ds.name)
        .utf8(ds.title ?? '')
        .fixed(ds.issueDate, 8)
        .utf8('EN')
        .utf8('')
        .utf8(`${ds.edition}.${ds.update}`)
        .u8(14)
        .u8(18)
        .bytes(),
    },
    {
      tag: 'DSSI',
      data: (() => {
        const s = b();
        for (let i = 0; i < 3; i++) s.u32(0).u32(0); // DCOX, DCOY, DCOZ: 0.0
        s.u32(m.x).u32(m.y).u32(m.z);
        // NOIR, NOPN, NOMN, NOCN, NOXN, NOSN, NOFR
        for (const list of [ds.information, ds.points, ds.multiPoints, ds.curves, ds.compositeCurves, ds.surfaces, ds.features])
          s.u32(list?.length ?? 0);
        return s.bytes();
      })(),
    },
  ];
  const table = (tag: string, c: Codes): FieldData[] => {
    if (c.map.size === 0) return [];
    const s = b();
    for (const [name, n] of c.map) s.utf8(name).u16(n);
    return [{ tag, data: s.bytes() }];
  };
  head.push(
    ...table('ATCS', codes.atcs),
    ...table('ITCS', codes.itcs),
    ...table('FTCS', codes.ftcs),
    ...table('IACS', codes.iacs),
    ...table('FACS', codes.facs),
    ...table('ARCS', codes.arcs),
  );
  const all: FieldData[][] = [head];
  if (ds.crs ?? ds.update === 0) {
    all.push([
      { tag: 'CSID', data: b().u8(15).u32(1).u8(2).bytes() },
      { tag: 'CRSH', data: b().u8(1).u8(1).u8(1).utf8('WGS84').utf8('4326').u8(2).utf8('').bytes() },
      { tag: 'CRSH', data: b().u8(2).u8(5).u8(3).utf8('lowestAstronomicalTide').utf8('').u8(255).utf8('').bytes() },
      { tag: 'CSAX', data: b().u8(12).u8(4).bytes() },
      { tag: 'VDAT', data: b().utf8('lowestAstronomicalTide').utf8('3').u8(2).utf8('').bytes() },
    ]);
  }
  return writeIso8211(S101_FIELD_DEFINITIONS, all.concat(records));
}
