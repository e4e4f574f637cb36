// GeoJSON output (RFC 7946): a FeatureCollection object, or a stream of text chunks.
import { classAcronym, objectClassByAcronym } from '../s57/object-classes.js';
import { CellIndex } from '../s57/lazy.js';
import { featureRecords, type FeatureRecord, type S57Dataset } from '../s57/model.js';
import { featureProperties } from '../s57/features.js';
import { flatFeatureGeometry, geoJSONGeometry, geometryContext } from './assemble.js';
import type { BBox, Feature, FeatureCollection, FlatFeature } from './types.js';

export interface GeoJSONOptions {
  /** Only these object classes (acronyms, e.g. ['DEPARE', 'SOUNDG']). */
  classes?: string[];
  /**
   * A hint for a lazily read cell (`CellIndex`): a line or area whose box (west, south, east,
   * north; read from its edges, and holding every point of its geometry) this answers false for is
   * skipped without being decoded. Every feature it answers true for is given; so are points,
   * soundings, and anything the records cannot tell without decoding: check the geometry yourself.
   */
  near?: (box: BBox) => boolean;
}

function selector(opts: GeoJSONOptions): ((objl: number) => boolean) | null {
  if (!opts.classes || opts.classes.length === 0) return null;
  const wanted = new Set(opts.classes.map((c) => c.trim()).filter((c) => c !== ''));
  const codes = new Set<number>();
  for (const c of wanted) {
    const info = objectClassByAcronym(c) ?? objectClassByAcronym(c.toUpperCase());
    if (info) codes.add(info.code);
  }
  return (objl) => codes.has(objl) || wanted.has(classAcronym(objl));
}

/** Every selected feature with its lines and rings flat (see FlatGeometry), in file order. */
export function* flatFeatures(ds: S57Dataset | CellIndex, opts: GeoJSONOptions = {}): Generator<FlatFeature> {
  const ctx = geometryContext(ds);
  const keep = selector(opts);
  const near = opts.near ? { test: opts.near, comf: ctx.comf } : undefined;
  const records: Iterable<FeatureRecord> = ds instanceof CellIndex ? ds.featureRecords(keep ?? undefined, near) : featureRecords(ds);
  for (const f of records) {
    if (keep && !keep(f.objl)) continue;
    yield { geometry: flatFeatureGeometry(ctx, f), properties: featureProperties(f) };
  }
}

/** Every selected feature as GeoJSON, in file order. */
export function* geoJSONFeatures(ds: S57Dataset | CellIndex, opts: GeoJSONOptions = {}): Generator<Feature> {
  for (const f of flatFeatures(ds, opts)) {
    yield { type: 'Feature', geometry: f.geometry && geoJSONGeometry(f.geometry), properties: f.properties };
  }
}

/** The dataset as one GeoJSON FeatureCollection. */
export function toGeoJSON(ds: S57Dataset | CellIndex, opts: GeoJSONOptions = {}): FeatureCollection {
  return { type: 'FeatureCollection', features: [...geoJSONFeatures(ds, opts)] };
}

/** The FeatureCollection as text chunks of roughly `chunkSize` characters (for streaming to stdout). */
export function* geoJSONChunks(ds: S57Dataset | CellIndex, opts: GeoJSONOptions = {}, chunkSize = 1 << 16): Generator<string> {
  let buf = '{"type":"FeatureCollection","features":[\n';
  let first = true;
  for (const feature of geoJSONFeatures(ds, opts)) {
    buf += (first ? '' : ',\n') + JSON.stringify(feature);
    first = false;
    if (buf.length >= chunkSize) {
      yield buf;
      buf = '';
    }
  }
  yield buf + '\n]}\n';
}
