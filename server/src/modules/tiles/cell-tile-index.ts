import { geojsonvt, type GeoJSONVT, type VtFeature } from './geojson-vt.js';
import { geoJSONGeometry, getCellInfo, type CellIndex, type FlatFeature, type S57Dataset } from '@chartroom/s57';
import { TILE_EXTENT, tileRange } from './tile-geometry.js';
import { datasetBBox, type S101Dataset } from '@chartroom/s101';
import { s101TileFeatures, tileFeatures, type CellStamp } from './cell-features.js';
import { toVtFeature, type VtSourceFeature } from './vt-convert.js';

/** The deepest zoom tiles are cut at (spec §9: max zoom 18). */
export const INDEX_MAX_ZOOM = 18;

/** One cell ready to be cut into tiles: a geojson-vt index over all its features. */
export interface CellTileIndex {
  index: GeoJSONVT;
  /** Rough bytes held: source vertices plus the tiles the index has cut so far. */
  estimateBytes(): number;
}

function countVertices(f: FlatFeature): number {
  const g = f.geometry;
  if (!g) return 0;
  if (g.type === 'Point') return 1;
  if (g.type === 'MultiPoint') return g.coordinates.length;
  if (g.type === 'LineString') return g.coordinates.length / 2;
  let n = 0;
  if (g.type === 'MultiLineString' || g.type === 'Polygon') for (const r of g.coordinates) n += r.length / 2;
  else for (const p of g.coordinates) for (const r of p) n += r.length / 2;
  return n;
}

/** A tile z/x/y. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/**
 * The whole tile index of a cell (already read with its updates applied): the reference the tile
 * packs are held to (tile-pack.test.ts), and what a cell at the antimeridian, which has no pack,
 * is cut from (cell-tiles.ts).
 */
export function buildCellTileIndex(ds: S57Dataset | CellIndex, stamp: CellStamp): CellTileIndex {
  return indexTileFeatures(() => tileFeaturesNear(ds, stamp), getCellInfo(ds).bbox);
}

/** The whole tile index of an S-101 dataset (read with its updates), drawn through its S-57 view. */
export function buildS101TileIndex(ds: S101Dataset, stamp: CellStamp): CellTileIndex {
  return indexTileFeatures(() => s101TileFeatures(ds, stamp), datasetBBox(ds));
}

/** The cell's features as the tile index and the tile pack take them, one at a time. */
export function* tileFeaturesNear(ds: S57Dataset | CellIndex, stamp: CellStamp): Generator<FlatFeature> {
  yield* tileFeatures(ds, stamp);
}

/** The index's options: geojson-vt's, and ours when we convert features for it (vt-convert.ts). */
export const VT_OPTIONS = { maxZoom: INDEX_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, extent: TILE_EXTENT, buffer: 64 };

/**
 * The tile index of the features `features()` gives (`tileFeaturesNear`). With the cell's box, the
 * tiles down to zoom 13 are cut at once (a whole cell's index); without it, none.
 *
 * The features are taken one at a time and converted to the index's own form as they come
 * (`toVtFeature`), from the reader's flat lines and rings: no GeoJSON is made. Where a feature comes near
 * the antimeridian, geojson-vt must also copy it to the other side of the world: the index is then
 * made by geojson-vt from the GeoJSON, read again.
 */
export function indexTileFeatures(
  features: () => Iterable<FlatFeature>,
  precutBox: readonly [number, number, number, number] | null,
): CellTileIndex {
  const made = convertedIndex(features()) ?? geojsonIndex(features());
  const { index } = made;
  if (precutBox) precut(index, precutBox);
  // Against what a whole index holds after a full GC (heap and typed arrays), with our conversion:
  // US4MD81M 160 MB (estimate 153), GB4X0000 33 MB (22), US4CN21M 63 MB (141).
  const base = 4096 + made.vertices * 240 + made.count * 400;
  return {
    index,
    // geojson-vt keeps the tiles it cut (each a clipped copy): count them as they grow.
    estimateBytes: () => base + index.tileCoords.length * 16_384,
  };
}

interface MadeIndex {
  index: GeoJSONVT;
  vertices: number;
  count: number;
}

/** The index from features converted here; null when one comes within a tile's buffer of the antimeridian. */
function convertedIndex(features: Iterable<FlatFeature>): MadeIndex | null {
  // geojson-vt copies a feature across the antimeridian (its `wrap`) when its x (0..1) comes
  // within the buffer of either edge; every other feature it leaves as it is.
  const margin = VT_OPTIONS.buffer / VT_OPTIONS.extent;
  const converted: VtSourceFeature[] = [];
  let vertices = 0;
  for (const f of features) {
    const vt = toVtFeature(f, VT_OPTIONS);
    if (!vt) continue;
    if (!(vt.minX >= margin && vt.maxX < 1 - margin)) return null;
    converted.push(vt);
    vertices += countVertices(f);
  }
  const index = geojsonvt({ type: 'FeatureCollection', features: [] }, VT_OPTIONS);
  if (converted.length > 0) index.splitTile(converted, 0, 0, 0);
  return { index, vertices, count: converted.length };
}

/** The index made by geojson-vt from the features as GeoJSON (cells at the antimeridian only). */
function geojsonIndex(features: Iterable<FlatFeature>): MadeIndex {
  const all = [...features];
  const index = geojsonvt(
    {
      type: 'FeatureCollection',
      features: all.map((f) => ({ type: 'Feature', geometry: f.geometry && geoJSONGeometry(f.geometry), properties: f.properties })),
    },
    VT_OPTIONS,
  );
  return { index, vertices: all.reduce((n, f) => n + countVertices(f), 0), count: all.length };
}

/** Cut down to this zoom when the index is built: a later tile then splits only small parents. */
const PRECUT_MAX_ZOOM = 13;

/**
 * geojson-vt splits on demand from the nearest cut ancestor; left at its index zoom, the first tile
 * asked for in an area splits the whole cell's features level by level. Cutting the
 * tiles of zooms 5–13 (about 400 for an approach cell) once keeps every later tile's work small (a cold tile's CPU time p95 on
 * US4MD81M: 20 ms cut from zoom 11, 10 ms from zoom 13; see bench/README.md).
 */
function precut(index: GeoJSONVT, bbox: readonly [number, number, number, number] | null): void {
  if (!bbox) return;
  for (let z = 5; z <= PRECUT_MAX_ZOOM; z++) {
    const r = tileRange(bbox, z);
    for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) index.getTile(z, x, y);
  }
}

/** The cell's features in one tile, in tile units (0..4096, with a buffer), or [] when it has none. */
export function cellTileFeatures(cell: CellTileIndex, z: number, x: number, y: number): VtFeature[] {
  return cell.index.getTile(z, x, y)?.features ?? [];
}
