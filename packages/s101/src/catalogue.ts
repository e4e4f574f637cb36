// The S-100 feature catalogue (S-100 Part 5, the XML a product specification publishes, e.g.
// S-101_FC_1.1.0): readable names, definitions, value types, units and listed values of the codes
// a dataset uses. Read from a file the caller gives at read time; never bundled (third-party).
import { S101Error } from './errors.js';
import { childrenNamed, child, childText, parseXml, XmlError, type XmlElement } from './xml.js';

export type ValueType =
  | 'boolean'
  | 'enumeration'
  | 'integer'
  | 'real'
  | 'text'
  | 'date'
  | 'time'
  | 'dateTime'
  | 'URI'
  | 'URL'
  | 'URN'
  | 'S100_CodeList'
  | 'S100_TruncatedDate'
  | (string & {});

export interface CatalogueItem {
  /** The code datasets use (FTCS, ITCS, ATCS), e.g. 'DepthArea', 'depthRangeMinimumValue'. */
  code: string;
  /** Readable name, e.g. 'Depth Area'. */
  name: string;
  definition: string;
  /** Aliases (the S-57 acronyms the item replaces, e.g. 'DEPARE', 'DRVAL1'). */
  aliases: string[];
}

export interface CatalogueAttribute extends CatalogueItem {
  /** The simple attribute's value type, or 'complex' for a complex attribute. */
  valueType: ValueType | 'complex';
  /** Unit of measure, when the attribute has one (e.g. { name: 'metre', symbol: 'm' }). */
  unit: { name: string; symbol: string } | null;
  /** Listed values of an enumeration: code → label. */
  listedValues: Map<number, string>;
  /** Sub-attributes of a complex attribute, in order. */
  subAttributes: string[];
}

export interface FeatureCatalogue {
  /** e.g. 'Electronic Navigational Chart' */
  name: string;
  /** e.g. 'S-101' */
  productId: string;
  /** e.g. '1.1.0' */
  version: string;
  featureType(code: string): CatalogueItem | undefined;
  informationType(code: string): CatalogueItem | undefined;
  attribute(code: string): CatalogueAttribute | undefined;
  featureTypes(): CatalogueItem[];
  informationTypes(): CatalogueItem[];
  attributes(): CatalogueAttribute[];
}

function item(el: XmlElement): CatalogueItem {
  return {
    code: childText(el, 'code'),
    name: childText(el, 'name'),
    definition: childText(el, 'definition'),
    aliases: childrenNamed(el, 'alias').map((a) => a.text.trim()),
  };
}

function attribute(el: XmlElement, complex: boolean): CatalogueAttribute {
  const uom = child(el, 'uom');
  const listed = new Map<number, string>();
  for (const v of childrenNamed(child(el, 'listedValues') ?? el, 'listedValue')) {
    const code = Number(childText(v, 'code'));
    if (Number.isFinite(code)) listed.set(code, childText(v, 'label'));
  }
  return {
    ...item(el),
    valueType: complex ? 'complex' : childText(el, 'valueType'),
    unit: uom ? { name: childText(uom, 'name'), symbol: childText(uom, 'symbol') } : null,
    listedValues: listed,
    subAttributes: childrenNamed(el, 'subAttributeBinding')
      .map((b) => child(b, 'attribute')?.attributes.ref ?? '')
      .filter((r) => r !== ''),
  };
}

/** Reads an S-100 feature catalogue (XML text); throws S101Error 'not_catalogue'. */
export function readFeatureCatalogue(xml: string): FeatureCatalogue {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    throw new S101Error('not_catalogue', `not a feature catalogue: ${e instanceof XmlError ? e.message : 'unreadable XML'}`);
  }
  if (root.name !== 'S100_FC_FeatureCatalogue')
    throw new S101Error('not_catalogue', `not an S-100 feature catalogue: the root element is <${root.name}>`);
  const list = (container: string, entry: string): XmlElement[] => childrenNamed(child(root, container) ?? root, entry);
  const features = new Map(list('S100_FC_FeatureTypes', 'S100_FC_FeatureType').map((e) => [childText(e, 'code'), item(e)]));
  const information = new Map(list('S100_FC_InformationTypes', 'S100_FC_InformationType').map((e) => [childText(e, 'code'), item(e)]));
  const attributes = new Map<string, CatalogueAttribute>();
  for (const e of list('S100_FC_SimpleAttributes', 'S100_FC_SimpleAttribute')) attributes.set(childText(e, 'code'), attribute(e, false));
  for (const e of list('S100_FC_ComplexAttributes', 'S100_FC_ComplexAttribute')) attributes.set(childText(e, 'code'), attribute(e, true));
  return {
    name: childText(root, 'name'),
    productId: childText(root, 'productId'),
    version: childText(root, 'versionNumber'),
    featureType: (code) => features.get(code),
    informationType: (code) => information.get(code),
    attribute: (code) => attributes.get(code),
    featureTypes: () => [...features.values()],
    informationTypes: () => [...information.values()],
    attributes: () => [...attributes.values()],
  };
}
