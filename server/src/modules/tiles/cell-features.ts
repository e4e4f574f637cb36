import {
  attributeByAcronym,
  flatFeatures,
  getCellInfo,
  type AttributeValue,
  type CellIndex,
  type FlatFeature,
  type S57Dataset,
} from '@chartroom/s57';
import { datasetBBox, s57FlatFeatures, type S101Dataset } from '@chartroom/s101';
import { drawnChartClasses } from '@chartroom/contracts/map';

/** The classes the tiles carry: those the chart style draws (the others would be sent for nothing). */
const DRAWN = new Set<string>(drawnChartClasses);

/** Where a feature's tags keep its layer (the S-57 class acronym); not written as an attribute. */
export const LAYER_TAG = '\u0000layer';

export type TagValue = string | number;
export type FeatureTags = Record<string, TagValue>;

export interface CellStamp {
  cell: string;
  band: number;
  edition: number;
  update: number;
}

/**
 * Scale denominator shown at zoom 0 on the map screen: MapLibre draws 512-pixel tiles, so the
 * world is 512 px wide at zoom 0; with the standard 0.28 mm rendering pixel that is 1:279,541,132
 * at the equator (times cos(latitude) elsewhere).
 */
const SCALE_AT_ZOOM_0 = 279_541_132.014;

/** The zoom from which a feature with this SCAMIN is drawn, at the given latitude. */
export function scaminToMinzoom(scamin: number, lat: number): number {
  const z = Math.log2((SCALE_AT_ZOOM_0 * Math.cos((lat * Math.PI) / 180)) / scamin);
  return Math.max(0, Math.round(z * 10) / 10);
}

/** Tile attributes: I and F attributes as numbers; E, L, A and S as text (lists comma-separated, as in the cell). */
function toTagValue(acronym: string, value: AttributeValue): TagValue {
  const type = attributeByAcronym(acronym)?.type;
  if ((type === 'I' || type === 'F') && typeof value === 'number') return value;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * The cell's features for the tile index, those of the classes the style draws (`drawnChartClasses`),
 * lines and rings flat (FlatGeometry): attributes by acronym, the cell stamp,
 * `minzoom` from SCAMIN, soundings split into one point per sounding with its `DEPTH`. With
 * `near`, lines and areas whose box (from their edges) it refuses are not even assembled.
 */
export function* tileFeatures(
  ds: S57Dataset | CellIndex,
  stamp: CellStamp,
  near?: (box: [number, number, number, number]) => boolean,
): Generator<FlatFeature> {
  yield* taggedFeatures(flatFeatures(ds, near ? { near } : {}), stamp, getCellInfo(ds).bbox);
}

/** An S-101 dataset's features for the tile index: its S-57 view (decision 0022), tagged as a cell's are. */
export function* s101TileFeatures(ds: S101Dataset, stamp: CellStamp): Generator<FlatFeature> {
  yield* taggedFeatures(s57FlatFeatures(ds), stamp, datasetBBox(ds));
}

function* taggedFeatures(features: Iterable<FlatFeature>, stamp: CellStamp, bbox: readonly number[] | null): Generator<FlatFeature> {
  const midLat = bbox ? (bbox[1]! + bbox[3]!) / 2 : 0;
  for (const f of features) {
    if (!f.geometry) continue;
    const layer = String(f.properties.layer);
    // Coverage comes from the stored chart rows for every cell at once (see chart-set.ts).
    if (layer === 'M_COVR' || !DRAWN.has(layer)) continue;
    const tags: FeatureTags = { [LAYER_TAG]: layer, cell: stamp.cell, band: stamp.band, edition: stamp.edition, update: stamp.update };
    for (const [k, v] of Object.entries(f.properties)) {
      if (isAttributeKey(k)) tags[k] = toTagValue(k, v as AttributeValue);
    }
    if (typeof tags.SCAMIN === 'number') tags.minzoom = scaminToMinzoom(tags.SCAMIN, midLat);
    if (layer === 'SOUNDG' && f.geometry.type === 'MultiPoint') {
      for (const p of f.geometry.coordinates) {
        yield { geometry: { type: 'Point', coordinates: [p[0]!, p[1]!] }, properties: { ...tags, DEPTH: p[2] ?? 0 } };
      }
      continue;
    }
    yield { geometry: f.geometry, properties: tags };
  }
}

// featureProperties adds GDAL's record fields; the tiles carry the S-57 attributes only.
const RECORD_FIELDS = new Set(['layer', 'RCID', 'PRIM', 'GRUP', 'OBJL', 'RVER', 'AGEN', 'FIDN', 'FIDS', 'LNAM', 'LNAM_REFS', 'FFPT_RIND']);
function isAttributeKey(k: string): boolean {
  return !RECORD_FIELDS.has(k);
}
