// Feature records as application objects: class acronym, typed attributes, LNAM and references.
import { attributeByCode, classAcronym, typedValue, type AttributeValue } from './attributes.js';
import { longName, type FeatureRecord, type RawAttribute } from './model.js';

const DELETED = '\u007f';

/** Attributes of a feature (ATTF then NATF) by acronym, with typed values; blank values are left out. */
export function featureAttributes(f: FeatureRecord): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  addAll(out, f.attributes);
  addAll(out, f.nationalAttributes);
  return out;
}

function addAll(out: Record<string, AttributeValue>, list: RawAttribute[]): void {
  for (const a of list) {
    if (a.value === '' || a.value === DELETED) continue;
    const info = attributeByCode(a.code);
    const v = typedValue(info?.type, a.value);
    if (v !== null) out[info?.acronym ?? `ATTL_${a.code}`] = v;
  }
}

export function featureLongName(f: FeatureRecord): string {
  return longName(f.agen, f.fidn, f.fids);
}

/** The standard properties GDAL gives every S-57 feature, plus its attributes. */
export function featureProperties(f: FeatureRecord): Record<string, unknown> {
  const props: Record<string, unknown> = {
    layer: classAcronym(f.objl),
    RCID: f.rcid,
    PRIM: f.prim,
    GRUP: f.grup,
    OBJL: f.objl,
    RVER: f.rver,
    AGEN: f.agen,
    FIDN: f.fidn,
    FIDS: f.fids,
    LNAM: featureLongName(f),
  };
  if (f.featurePointers.length > 0) {
    props.LNAM_REFS = f.featurePointers.map((p) => p.lnam);
    props.FFPT_RIND = f.featurePointers.map((p) => p.rind);
  }
  return Object.assign(props, featureAttributes(f));
}
