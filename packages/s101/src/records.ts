// Decoding of one S-101 record's fields into the model's records (S-100 Part 10a; S-101 Annex B),
// codes looked up in the file's own code tables. The record walk is scan.ts.
import { fixedLayout, fixedNumber, type FieldRef, type Iso8211Module } from '@chartroom/iso8211';
import { S101Error } from './errors.js';
import { coordinates, fieldValues, num, one, rows, text } from './fields.js';
import {
  RCNM_COMPOSITE_CURVE,
  RCNM_CURVE,
  RCNM_FEATURE,
  RCNM_INFORMATION,
  RCNM_MULTIPOINT,
  RCNM_POINT,
  RCNM_SURFACE,
  type CodeTables,
  type CompositeCurveRecord,
  type ContentRecord,
  type CurveRecord,
  type FeatureAssociation,
  type FeatureRecord,
  type InformationAssociation,
  type InformationRecord,
  type MultiPointRecord,
  type PointRecord,
  type RawAttribute,
  type SurfaceRecord,
  type UpdateControl,
} from './model.js';

/** The identity field of each record kind. */
export const IDENTITY_TAGS: Record<string, number> = {
  IRID: RCNM_INFORMATION,
  PRID: RCNM_POINT,
  MRID: RCNM_MULTIPOINT,
  CRID: RCNM_CURVE,
  CCID: RCNM_COMPOSITE_CURVE,
  SRID: RCNM_SURFACE,
  FRID: RCNM_FEATURE,
};

/** A code's name in a table, or '#n' when the table does not have it. */
export function codeName(table: Map<number, string>, code: number): string {
  return table.get(code) ?? `#${code}`;
}

const ATTR_LABELS = ['NATC', 'ATIX', 'PAIX', 'ATIN', 'ATVL'];

function attributeRows(codes: CodeTables, values: (string | number | Uint8Array | null | undefined)[][]): RawAttribute[] {
  return values.map(([natc, atix, paix, atin, atvl]) => ({
    code: codeName(codes.attributes, num(natc)),
    index: num(atix),
    parent: num(paix),
    instruction: num(atin),
    value: text(atvl),
  }));
}

/** ATTR: every attribute entry, in order (PAIX refers to positions in this list). */
function attributes(mod: Iso8211Module, f: FieldRef, r: number, codes: CodeTables): RawAttribute[] {
  return attributeRows(codes, rows(mod, f, r, ATTR_LABELS));
}

/** INAS or FASC: the association (header) and its attributes (the repeating group). */
function association(
  mod: Iso8211Module,
  f: FieldRef,
  r: number,
  codes: CodeTables,
  kind: 'information' | 'feature',
): InformationAssociation | FeatureAssociation {
  const v = fieldValues(mod, f, r);
  const get = (label: string): string | number | Uint8Array | null | undefined => {
    const i = v.at(label);
    return i.h >= 0 ? v.header[i.h] : i.g >= 0 ? v.groups[0]?.[i.g] : undefined;
  };
  const at = ATTR_LABELS.map((l) => v.at(l).g);
  const attrs = v.groups.filter((g) => g.length > 0).map((g) => at.map((i) => (i >= 0 ? g[i] : undefined)));
  const codeLabel = kind === 'information' ? 'NIAC' : 'NFAC';
  const table = kind === 'information' ? codes.informationAssociations : codes.featureAssociations;
  return {
    rcnm: num(get('RRNM')),
    rcid: num(get('RRID')),
    association: codeName(table, num(get(codeLabel))),
    role: codeName(codes.roles, num(get('NARC'))),
    instruction: num(get(kind === 'information' ? 'IUIN' : 'FAUI')),
    attributes: attributeRows(codes, attrs),
  };
}

function control(mod: Iso8211Module, f: FieldRef, r: number, labels: [string, string, string]): UpdateControl {
  const [instruction, index, count] = one(mod, f, r, labels);
  return { instruction: num(instruction), index: num(index), count: num(count) };
}

/** RCID, RVER, RUIN and the type code of an identity field: read in place when it has a fixed layout. */
function identity(
  mod: Iso8211Module,
  f: FieldRef,
  r: number,
  codeLabel?: string,
): { rcid: number; rver: number; ruin: number; code: number } {
  const defn = f.defn!;
  const layout = fixedLayout(defn);
  if (layout && f.start + layout.width <= f.end) {
    const at = (label: string): number => {
      const i = defn.index.get(label) ?? -1;
      return i >= 0 ? fixedNumber(mod.bytes, layout, f.start, i) : 0;
    };
    return { rcid: at('RCID'), rver: at('RVER'), ruin: at('RUIN'), code: codeLabel ? at(codeLabel) : 0 };
  }
  const [rcid, rver, ruin, code] = one(mod, f, r, ['RCID', 'RVER', 'RUIN', codeLabel ?? 'RCID']);
  return { rcid: num(rcid), rver: num(rver), ruin: num(ruin), code: num(code) };
}

function undefinedField(f: FieldRef, r: number): S101Error {
  return new S101Error('bad_field', `field ${f.tag} is not defined in the data descriptive record`, { record: r, offset: f.start });
}

/** Decodes the content record (information, spatial or feature) whose fields are `fields`. */
export function readRecord(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): ContentRecord {
  for (const f of fields) if (!f.defn) throw undefinedField(f, r);
  const key = fields[0]!;
  const rcnm = IDENTITY_TAGS[key.tag];
  switch (rcnm) {
    case RCNM_FEATURE:
      return readFeature(mod, fields, r, codes);
    case RCNM_INFORMATION:
      return readInformation(mod, fields, r, codes);
    case RCNM_POINT:
      return readPoint(mod, fields, r, codes);
    case RCNM_MULTIPOINT:
      return readMultiPoint(mod, fields, r, codes);
    case RCNM_CURVE:
      return readCurve(mod, fields, r, codes);
    case RCNM_COMPOSITE_CURVE:
      return readCompositeCurve(mod, fields, r, codes);
    case RCNM_SURFACE:
      return readSurface(mod, fields, r, codes);
    default:
      throw new S101Error('bad_record', `record starting with field ${key.tag} is not an S-101 content record`, {
        record: r,
        offset: key.start,
      });
  }
}

function readFeature(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): FeatureRecord {
  const id = identity(mod, fields[0]!, r, 'NFTC');
  const f: FeatureRecord = {
    rcnm: RCNM_FEATURE,
    rcid: id.rcid,
    rver: id.rver,
    ruin: id.ruin,
    type: codeName(codes.featureTypes, id.code),
    foid: null,
    attributes: [],
    informationAssociations: [],
    spatialAssociations: [],
    featureAssociations: [],
    masks: [],
  };
  for (let i = 1; i < fields.length; i++) {
    const field = fields[i]!;
    switch (field.tag) {
      case 'FOID': {
        const [agen, fidn, fids] = one(mod, field, r, ['AGEN', 'FIDN', 'FIDS']);
        f.foid = { agen: num(agen), fidn: num(fidn), fids: num(fids) };
        break;
      }
      case 'ATTR':
        f.attributes.push(...attributes(mod, field, r, codes));
        break;
      case 'INAS':
        f.informationAssociations.push(association(mod, field, r, codes, 'information') as InformationAssociation);
        break;
      case 'FASC':
        f.featureAssociations.push(association(mod, field, r, codes, 'feature'));
        break;
      case 'SPAS':
        for (const [rrnm, rrid, ornt, smin, smax, saui] of rows(mod, field, r, ['RRNM', 'RRID', 'ORNT', 'SMIN', 'SMAX', 'SAUI'])) {
          const min = num(smin),
            max = num(smax);
          f.spatialAssociations.push({
            rcnm: num(rrnm),
            rcid: num(rrid),
            orientation: num(ornt),
            // Both 0 and 2^32-1 mean "not applicable" (S-101 Annex B, note on SPAS).
            scaleMinimum: min === 0 || min === 0xffffffff ? null : min,
            scaleMaximum: max === 0 || max === 0xffffffff ? null : max,
            instruction: num(saui),
          });
        }
        break;
      case 'MASK':
        for (const [rrnm, rrid, mind, muin] of rows(mod, field, r, ['RRNM', 'RRID', 'MIND', 'MUIN'])) {
          f.masks.push({ rcnm: num(rrnm), rcid: num(rrid), indicator: num(mind), instruction: num(muin) });
        }
        break;
    }
  }
  return f;
}

function readInformation(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): InformationRecord {
  const id = identity(mod, fields[0]!, r, 'NITC');
  const rec: InformationRecord = {
    rcnm: RCNM_INFORMATION,
    rcid: id.rcid,
    rver: id.rver,
    ruin: id.ruin,
    type: codeName(codes.informationTypes, id.code),
    attributes: [],
    informationAssociations: [],
  };
  for (let i = 1; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.tag === 'ATTR') rec.attributes.push(...attributes(mod, field, r, codes));
    else if (field.tag === 'INAS')
      rec.informationAssociations.push(association(mod, field, r, codes, 'information') as InformationAssociation);
  }
  return rec;
}

/** INAS fields of a spatial record. */
function spatialInas(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): InformationAssociation[] {
  const out: InformationAssociation[] = [];
  for (const f of fields) if (f.tag === 'INAS') out.push(association(mod, f, r, codes, 'information') as InformationAssociation);
  return out;
}

function readPoint(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): PointRecord {
  const id = identity(mod, fields[0]!, r);
  let coords: Int32Array = new Int32Array(0);
  let dim: 2 | 3 = 2;
  for (const f of fields) {
    if (f.tag === 'C2IT') coords = coordinates(mod, f, r, (dim = 2));
    else if (f.tag === 'C3IT') coords = coordinates(mod, f, r, (dim = 3));
  }
  return { rcnm: RCNM_POINT, ...ident(id), informationAssociations: spatialInas(mod, fields, r, codes), coords, dim };
}

function ident(id: { rcid: number; rver: number; ruin: number }): { rcid: number; rver: number; ruin: number } {
  return { rcid: id.rcid, rver: id.rver, ruin: id.ruin };
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length === 0) return b;
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function readMultiPoint(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): MultiPointRecord {
  const id = identity(mod, fields[0]!, r);
  const rec: MultiPointRecord = {
    rcnm: RCNM_MULTIPOINT,
    ...ident(id),
    informationAssociations: spatialInas(mod, fields, r, codes),
    coords: new Int32Array(0),
    dim: 2,
  };
  for (const f of fields) {
    if (f.tag === 'C3IL') {
      rec.coords = concat(rec.dim === 3 ? rec.coords : new Int32Array(0), coordinates(mod, f, r, 3));
      rec.dim = 3;
    } else if (f.tag === 'C2IL' && rec.dim === 2) rec.coords = concat(rec.coords, coordinates(mod, f, r, 2));
    else if (f.tag === 'COCC') rec.coordinateControl = control(mod, f, r, ['COUI', 'COIX', 'NCOR']);
  }
  return rec;
}

function readCurve(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): CurveRecord {
  const id = identity(mod, fields[0]!, r);
  const rec: CurveRecord = {
    rcnm: RCNM_CURVE,
    ...ident(id),
    informationAssociations: spatialInas(mod, fields, r, codes),
    points: [],
    segments: [],
  };
  for (const f of fields) {
    switch (f.tag) {
      case 'PTAS':
        for (const [rrnm, rrid, topi] of rows(mod, f, r, ['RRNM', 'RRID', 'TOPI']))
          rec.points.push({ rcnm: num(rrnm), rcid: num(rrid), topology: num(topi) });
        break;
      case 'SECC':
        rec.segmentControl = control(mod, f, r, ['SEUI', 'SEIX', 'NSEG']);
        break;
      case 'SEGH':
        rec.segments.push({ interpolation: num(one(mod, f, r, ['INTP'])[0]), coords: new Int32Array(0), dim: 2 });
        break;
      case 'COCC':
        rec.coordinateControl = control(mod, f, r, ['COUI', 'COIX', 'NCOR']);
        break;
      case 'C2IL': {
        // Coordinates belong to the last segment header (a curve without SEGH gets one).
        if (rec.segments.length === 0) rec.segments.push({ interpolation: 0, coords: new Int32Array(0), dim: 2 });
        const seg = rec.segments[rec.segments.length - 1]!;
        seg.coords = concat(seg.coords, coordinates(mod, f, r, 2));
        break;
      }
    }
  }
  return rec;
}

function readCompositeCurve(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): CompositeCurveRecord {
  const id = identity(mod, fields[0]!, r);
  const rec: CompositeCurveRecord = {
    rcnm: RCNM_COMPOSITE_CURVE,
    ...ident(id),
    informationAssociations: spatialInas(mod, fields, r, codes),
    components: [],
  };
  for (const f of fields) {
    if (f.tag === 'CUCO')
      for (const [rrnm, rrid, ornt] of rows(mod, f, r, ['RRNM', 'RRID', 'ORNT']))
        rec.components.push({ rcnm: num(rrnm), rcid: num(rrid), orientation: num(ornt) });
    else if (f.tag === 'CCOC') rec.componentControl = control(mod, f, r, ['CCUI', 'CCIX', 'NCCO']);
  }
  return rec;
}

function readSurface(mod: Iso8211Module, fields: FieldRef[], r: number, codes: CodeTables): SurfaceRecord {
  const id = identity(mod, fields[0]!, r);
  const rec: SurfaceRecord = { rcnm: RCNM_SURFACE, ...ident(id), informationAssociations: spatialInas(mod, fields, r, codes), rings: [] };
  for (const f of fields) {
    if (f.tag !== 'RIAS') continue;
    for (const [rrnm, rrid, ornt, usag, raui] of rows(mod, f, r, ['RRNM', 'RRID', 'ORNT', 'USAG', 'RAUI'])) {
      rec.rings.push({ rcnm: num(rrnm), rcid: num(rrid), orientation: num(ornt), usage: num(usag), instruction: num(raui) });
    }
  }
  return rec;
}
