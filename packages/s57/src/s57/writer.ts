// A small S-57 writer: enough to build base cells and update files for fixtures and demo data.
import { attributeByAcronym, objectClassByAcronym } from './attributes.js';
import { SubfieldBuilder, writeIso8211, type FieldData, type FieldDefinition } from '@chartroom/iso8211';

export interface WritePointer {
  rcnm: number;
  rcid: number;
  ornt?: number;
  usag?: number;
  mask?: number;
  topi?: number;
}
export interface WriteControl {
  instruction: 1 | 2 | 3;
  index: number;
  count: number;
}

export interface WriteVector {
  rcnm: 110 | 120 | 130;
  rcid: number;
  rver?: number;
  /** 1 insert (default), 2 delete, 3 modify */
  ruin?: number;
  /** Coordinates in degrees: [lon, lat] or [lon, lat, depth] (depth in metres, SG3D). */
  points?: number[][];
  pointers?: WritePointer[];
  attributes?: Record<string, string | number | number[]>;
  vrpc?: WriteControl;
  sgcc?: WriteControl;
}

export interface WriteFeature {
  rcid: number;
  /** Object class acronym, e.g. 'DEPARE'. */
  objectClass: string;
  /** 1 point, 2 line, 3 area, 255 none */
  prim: number;
  grup?: number;
  rver?: number;
  ruin?: number;
  agen?: number;
  fidn?: number;
  fids?: number;
  attributes?: Record<string, string | number | number[]>;
  nationalAttributes?: Record<string, string>;
  pointers?: WritePointer[];
  /** Feature-to-feature references: target LNAM (16 hex digits) and relationship indicator. */
  refs?: { lnam: string; rind: number; comment?: string }[];
  fspc?: WriteControl;
  ffpc?: WriteControl;
}

export interface WriteCell {
  /** File name written in DSID DSNM, e.g. 'XX5DEMO1.000'. */
  name: string;
  edition: number;
  update: number;
  /** YYYYMMDD */
  issueDate: string;
  /** YYYYMMDD; blank in update files. */
  updateApplicationDate?: string;
  intendedUsage: number;
  agency: number;
  comment?: string;
  exchangePurpose?: 1 | 2;
  /** Compilation scale 1:N; the DSPM record is written only for base cells (update 0). */
  compilationScale?: number;
  comf?: number;
  somf?: number;
  /** Lexical level of national attributes (NALL): 1 ISO 8859-1, 2 UCS-2. */
  nationalLevel?: 1 | 2;
  vectors: WriteVector[];
  features: WriteFeature[];
}

const D = (
  tag: string,
  name: string,
  descriptor: string,
  formats: string,
  structure: '0' | '1' | '2' = '1',
  dataType: '0' | '1' | '5' | '6' = '6',
): FieldDefinition => ({ tag, name, descriptor, formats, structure, dataType });

export const S57_FIELD_DEFINITIONS: FieldDefinition[] = [
  D('0001', 'ISO 8211 Record Identifier', '', '(b12)', '0', '5'),
  D(
    'DSID',
    'Data set identification field',
    'RCNM!RCID!EXPP!INTU!DSNM!EDTN!UPDN!UADT!ISDT!STED!PRSP!PSDN!PRED!PROF!AGEN!COMT',
    '(b11,b14,2b11,3A,2A(8),R(4),b11,2A,b11,b12,A)',
  ),
  D('DSSI', 'Data set structure information field', 'DSTR!AALL!NALL!NOMR!NOCR!NOGR!NOLR!NOIN!NOCN!NOED!NOFA', '(3b11,8b14)'),
  D(
    'DSPM',
    'Data set parameter field',
    'RCNM!RCID!HDAT!VDAT!SDAT!CSCL!DUNI!HUNI!PUNI!COUN!COMF!SOMF!COMT',
    '(b11,b14,3b11,b14,4b11,2b14,A)',
  ),
  D('FRID', 'Feature record identifier field', 'RCNM!RCID!PRIM!GRUP!OBJL!RVER!RUIN', '(b11,b14,2b11,2b12,b11)'),
  D('FOID', 'Feature object identifier field', 'AGEN!FIDN!FIDS', '(b12,b14,b12)'),
  D('ATTF', 'Feature record attribute field', '*ATTL!ATVL', '(b12,A)', '2'),
  D('NATF', 'Feature record national attribute field', '*ATTL!ATVL', '(b12,A)', '2'),
  D('FFPC', 'Feature record to feature object pointer control field', 'FFUI!FFIX!NFPT', '(b11,2b12)'),
  D('FFPT', 'Feature record to feature object pointer field', '*LNAM!RIND!COMT', '(B(64),b11,A)', '2'),
  D('FSPC', 'Feature record to spatial record pointer control field', 'FSUI!FSIX!NSPT', '(b11,2b12)'),
  D('FSPT', 'Feature record to spatial record pointer field', '*NAME!ORNT!USAG!MASK', '(B(40),3b11)', '2'),
  D('VRID', 'Vector record identifier field', 'RCNM!RCID!RVER!RUIN', '(b11,b14,b12,b11)'),
  D('ATTV', 'Vector record attribute field', '*ATTL!ATVL', '(b12,A)', '2'),
  D('VRPC', 'Vector record pointer control field', 'VPUI!VPIX!NVPT', '(b11,2b12)'),
  D('VRPT', 'Vector record pointer field', '*NAME!ORNT!USAG!TOPI!MASK', '(B(40),4b11)', '2'),
  D('SGCC', 'Coordinate control field', 'CCUI!CCIX!CCNC', '(b11,2b12)'),
  D('SG2D', '2-D coordinate field', '*YCOO!XCOO', '(2b24)', '2', '5'),
  D('SG3D', '3-D coordinate (sounding array) field', '*YCOO!XCOO!VE3D', '(3b24)', '2', '5'),
];

function attributeValue(v: string | number | number[]): string {
  return Array.isArray(v) ? v.join(',') : String(v);
}

function attributeField(tag: string, attrs: Record<string, string | number | number[]>, ucs2: boolean): FieldData {
  const b = new SubfieldBuilder();
  for (const [acronym, value] of Object.entries(attrs)) {
    const info = attributeByAcronym(acronym);
    if (!info) throw new RangeError(`unknown S-57 attribute ${acronym}`);
    b.u16(info.code);
    if (ucs2) b.ucs2(attributeValue(value));
    else b.text(attributeValue(value));
  }
  return { tag, data: b.bytes(), wide: ucs2 };
}

function control(tag: string, c: WriteControl): FieldData {
  return { tag, data: new SubfieldBuilder().u8(c.instruction).u16(c.index).u16(c.count).bytes() };
}

function name(b: SubfieldBuilder, p: WritePointer): SubfieldBuilder {
  return b.u8(p.rcnm).u32(p.rcid);
}

/** Encodes a cell (base cell when update is 0, else an update file) as S-57 ISO 8211 bytes. */
export function writeS57(cell: WriteCell): Uint8Array {
  const comf = cell.comf ?? 10_000_000;
  const somf = cell.somf ?? 10;
  const isBase = cell.update === 0;
  let rid = 0;
  const recId = (): FieldData => ({ tag: '0001', data: new SubfieldBuilder().u16(++rid).bytes() });
  const counts = { meta: 0, geo: 0, coll: 0, cart: 0, vi: 0, vc: 0, ve: 0 };
  for (const f of cell.features) {
    const kind = objectClassByAcronym(f.objectClass)?.kind;
    if (kind === 'M') counts.meta++;
    else if (kind === 'C') counts.coll++;
    else if (kind === '$') counts.cart++;
    else counts.geo++;
  }
  for (const v of cell.vectors) {
    if (v.rcnm === 110) counts.vi++;
    else if (v.rcnm === 120) counts.vc++;
    else counts.ve++;
  }
  const records: FieldData[][] = [];
  records.push([
    recId(),
    {
      tag: 'DSID',
      data: new SubfieldBuilder()
        .u8(10)
        .u32(1)
        .u8(cell.exchangePurpose ?? 1)
        .u8(cell.intendedUsage)
        .text(cell.name)
        .text(String(cell.edition))
        .text(String(cell.update))
        .fixed(cell.updateApplicationDate ?? '', 8)
        .fixed(cell.issueDate, 8)
        .fixed('03.1', 4)
        .u8(1)
        .text('')
        .text('2.0')
        .u8(1)
        .u16(cell.agency)
        .text(cell.comment ?? '')
        .bytes(),
    },
    {
      tag: 'DSSI',
      data: new SubfieldBuilder()
        .u8(2)
        .u8(1)
        .u8(cell.nationalLevel ?? 1)
        .u32(counts.meta)
        .u32(counts.cart)
        .u32(counts.geo)
        .u32(counts.coll)
        .u32(counts.vi)
        .u32(counts.vc)
        .u32(counts.ve)
        .u32(0)
        .bytes(),
    },
  ]);
  if (isBase) {
    records.push([
      recId(),
      {
        tag: 'DSPM',
        data: new SubfieldBuilder()
          .u8(20)
          .u32(1)
          .u8(2)
          .u8(17)
          .u8(23)
          .u32(cell.compilationScale ?? 0)
          .u8(1)
          .u8(1)
          .u8(1)
          .u8(1)
          .u32(comf)
          .u32(somf)
          .text('')
          .bytes(),
      },
    ]);
  }
  const xy = (b: SubfieldBuilder, p: number[]): SubfieldBuilder => b.i32(Math.round(p[1]! * comf)).i32(Math.round(p[0]! * comf));
  for (const v of cell.vectors) {
    const fields: FieldData[] = [
      recId(),
      {
        tag: 'VRID',
        data: new SubfieldBuilder()
          .u8(v.rcnm)
          .u32(v.rcid)
          .u16(v.rver ?? 1)
          .u8(v.ruin ?? 1)
          .bytes(),
      },
    ];
    if (v.attributes) fields.push(attributeField('ATTV', v.attributes, false));
    if (v.vrpc) fields.push(control('VRPC', v.vrpc));
    if (v.pointers?.length) {
      const b = new SubfieldBuilder();
      for (const p of v.pointers)
        name(b, p)
          .u8(p.ornt ?? 255)
          .u8(p.usag ?? 255)
          .u8(p.topi ?? 255)
          .u8(p.mask ?? 255);
      fields.push({ tag: 'VRPT', data: b.bytes() });
    }
    if (v.sgcc) fields.push(control('SGCC', v.sgcc));
    if (v.points?.length) {
      const is3d = v.points.some((p) => p.length > 2);
      const b = new SubfieldBuilder();
      for (const p of v.points) {
        xy(b, p);
        if (is3d) b.i32(Math.round((p[2] ?? 0) * somf));
      }
      fields.push({ tag: is3d ? 'SG3D' : 'SG2D', data: b.bytes() });
    }
    records.push(fields);
  }
  for (const f of cell.features) {
    const info = objectClassByAcronym(f.objectClass);
    if (!info) throw new RangeError(`unknown S-57 object class ${f.objectClass}`);
    const fields: FieldData[] = [
      recId(),
      {
        tag: 'FRID',
        data: new SubfieldBuilder()
          .u8(100)
          .u32(f.rcid)
          .u8(f.prim)
          .u8(f.grup ?? 2)
          .u16(info.code)
          .u16(f.rver ?? 1)
          .u8(f.ruin ?? 1)
          .bytes(),
      },
      {
        tag: 'FOID',
        data: new SubfieldBuilder()
          .u16(f.agen ?? cell.agency)
          .u32(f.fidn ?? f.rcid)
          .u16(f.fids ?? 1)
          .bytes(),
      },
    ];
    if (f.attributes && Object.keys(f.attributes).length > 0) fields.push(attributeField('ATTF', f.attributes, false));
    if (f.nationalAttributes && Object.keys(f.nationalAttributes).length > 0) {
      fields.push(attributeField('NATF', f.nationalAttributes, (cell.nationalLevel ?? 1) === 2));
    }
    if (f.ffpc) fields.push(control('FFPC', f.ffpc));
    if (f.refs?.length) {
      const b = new SubfieldBuilder();
      for (const r of f.refs) {
        const h = r.lnam;
        b.u16(parseInt(h.slice(0, 4), 16))
          .u32(parseInt(h.slice(4, 12), 16))
          .u16(parseInt(h.slice(12, 16), 16))
          .u8(r.rind)
          .text(r.comment ?? '');
      }
      fields.push({ tag: 'FFPT', data: b.bytes() });
    }
    if (f.fspc) fields.push(control('FSPC', f.fspc));
    if (f.pointers?.length) {
      const b = new SubfieldBuilder();
      for (const p of f.pointers)
        name(b, p)
          .u8(p.ornt ?? 255)
          .u8(p.usag ?? 255)
          .u8(p.mask ?? 255);
      fields.push({ tag: 'FSPT', data: b.bytes() });
    }
    records.push(fields);
  }
  return writeIso8211(S57_FIELD_DEFINITIONS, records);
}
