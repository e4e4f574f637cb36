// Features for a caller: their type, attributes (nested), associations and geometry, flat (as the
// map's tile index takes them, see @chartroom/s57's FlatGeometry) or as GeoJSON (RFC 7946).
import { geoJSONGeometry, type BBox, type Feature, type FeatureCollection, type FlatFeature, type FlatGeometry } from '@chartroom/s57';
import { attributeObject, type AttributeObject } from './attributes.js';
import type { FeatureCatalogue } from './catalogue.js';
import type { S101Dataset } from './dataset.js';
import { featureFlatGeometry, scalerOf } from './geometry.js';
import { RCNM_FEATURE, RCNM_INFORMATION, type FeatureRecord } from './model.js';

export interface FeatureOptions {
  /** Only these feature types (codes, e.g. ['DepthArea', 'Sounding']). */
  types?: string[];
  /** Types attribute values (numbers, booleans) by this feature catalogue. */
  catalogue?: FeatureCatalogue;
  /** Only features whose geometry's box ([w, s, e, n]) this accepts (features without geometry are kept). */
  near?: (box: BBox) => boolean;
}

/** One feature: what `flatFeatures` gives, before the properties are flattened for GeoJSON. */
export interface S101Feature {
  /** Feature type code, e.g. 'DepthArea'. */
  type: string;
  rcid: number;
  /** FOID. */
  foid: { agen: number; fidn: number; fids: number } | null;
  attributes: AttributeObject;
  /**
   * INAS: the information records this feature refers to: their type and content (`information`,
   * the record's attributes; null when the dataset lacks it), the association and role, and the
   * association's own attributes.
   */
  informationAssociations: {
    rcid: number;
    type: string | null;
    association: string;
    role: string;
    attributes: AttributeObject;
    information: AttributeObject | null;
  }[];
  /** FASC: features this feature is associated with. */
  featureAssociations: { rcid: number; type: string | null; association: string; role: string; attributes: AttributeObject }[];
  geometry: FlatGeometry | null;
  /** Scale minimum and maximum of the spatial association (SPAS SMIN/SMAX), when given. */
  scaleMinimum: number | null;
  scaleMaximum: number | null;
}

function selector(types: string[] | undefined): ((t: string) => boolean) | undefined {
  if (!types || types.length === 0) return undefined;
  const wanted = new Set(types.map((t) => t.trim().toLowerCase()));
  return (t) => wanted.has(t.toLowerCase());
}

function flatBox(g: FlatGeometry): BBox {
  const b: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number): void => {
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  };
  const line = (l: number[]): void => {
    for (let i = 0; i + 1 < l.length; i += 2) add(l[i]!, l[i + 1]!);
  };
  if (g.type === 'Point') add(g.coordinates[0]!, g.coordinates[1]!);
  else if (g.type === 'MultiPoint') for (const p of g.coordinates) add(p[0]!, p[1]!);
  else if (g.type === 'LineString') line(g.coordinates);
  else if (g.type === 'MultiPolygon') for (const p of g.coordinates) p.forEach(line);
  else g.coordinates.forEach(line);
  return b;
}

/** One decoded feature record as an S101Feature. */
export function toS101Feature(ds: S101Dataset, f: FeatureRecord, opts: FeatureOptions = {}, sc = scalerOf(ds)): S101Feature {
  const catalogue = opts.catalogue;
  const spas = f.spatialAssociations[0];
  return {
    type: f.type,
    rcid: f.rcid,
    foid: f.foid,
    attributes: attributeObject(f.attributes, { catalogue }),
    informationAssociations: f.informationAssociations.map((a) => {
      const target = ds.record(RCNM_INFORMATION, a.rcid);
      return {
        rcid: a.rcid,
        type: ds.typeOf(RCNM_INFORMATION, a.rcid) ?? null,
        association: a.association,
        role: a.role,
        attributes: attributeObject(a.attributes, { catalogue }),
        information: target?.rcnm === RCNM_INFORMATION ? attributeObject(target.attributes, { catalogue }) : null,
      };
    }),
    featureAssociations: f.featureAssociations.map((a) => ({
      rcid: a.rcid,
      type: ds.typeOf(RCNM_FEATURE, a.rcid) ?? null,
      association: a.association,
      role: a.role,
      attributes: attributeObject(a.attributes, { catalogue }),
    })),
    geometry: featureFlatGeometry(ds, f, sc),
    scaleMinimum: spas?.scaleMinimum ?? null,
    scaleMaximum: spas?.scaleMaximum ?? null,
  };
}

/** Every selected feature (see FeatureOptions), decoded one at a time, in the dataset's order. */
export function* s101Features(ds: S101Dataset, opts: FeatureOptions = {}): Generator<S101Feature> {
  const sc = scalerOf(ds);
  for (const f of ds.features(selector(opts.types))) {
    const feature = toS101Feature(ds, f, opts, sc);
    if (opts.near && feature.geometry && !opts.near(flatBox(feature.geometry))) continue;
    yield feature;
  }
}

/**
 * A feature's GeoJSON properties: `layer` (its type), `RCID`, `AGEN`/`FIDN`/`FIDS` (FOID), the
 * attributes by code (complex attributes as objects, repeated attributes as arrays), and the
 * associations when it has any.
 */
export function featureProperties(f: S101Feature): Record<string, unknown> {
  const p: Record<string, unknown> = { layer: f.type, RCID: f.rcid };
  if (f.foid) Object.assign(p, { AGEN: f.foid.agen, FIDN: f.foid.fidn, FIDS: f.foid.fids });
  Object.assign(p, f.attributes);
  if (f.informationAssociations.length > 0) p.informationAssociations = f.informationAssociations;
  if (f.featureAssociations.length > 0) p.featureAssociations = f.featureAssociations;
  return p;
}

/** Every selected feature with its lines and rings flat, properties as `featureProperties`. */
export function* flatFeatures(ds: S101Dataset, opts: FeatureOptions = {}): Generator<FlatFeature> {
  for (const f of s101Features(ds, opts)) yield { geometry: f.geometry, properties: featureProperties(f) };
}

/** Every selected feature as GeoJSON. */
export function* geoJSONFeatures(ds: S101Dataset, opts: FeatureOptions = {}): Generator<Feature> {
  for (const f of flatFeatures(ds, opts))
    yield { type: 'Feature', geometry: f.geometry && geoJSONGeometry(f.geometry), properties: f.properties };
}

/** The dataset as one GeoJSON FeatureCollection. */
export function toGeoJSON(ds: S101Dataset, opts: FeatureOptions = {}): FeatureCollection {
  return { type: 'FeatureCollection', features: [...geoJSONFeatures(ds, opts)] };
}
