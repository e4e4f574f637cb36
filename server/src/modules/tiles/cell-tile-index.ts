import { geojsonvt, type GeoJSONVT, type VtFeature } from './geojson-vt.js';
import {
  geoJSONGeometry,
  getCellInfo,
  type CellIndex,
  type FlatFeature,
  type FlatGeometry,
  type FlatLine,
  type S57Dataset,
} from '@chartroom/s57';
import { mercatorBoxTouchesTile, mercatorX, mercatorY, TILE_EXTENT, tileRange } from './tile-geometry.js';
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
  /**
   * A window's index (`indexTileFeatures` with `window`): the ids of its tiles not yet asked for.
   * Each is asked for once; the index then drops what no tile still to come needs.
   */
  pending?: Set<number>;
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

/** The lon/lat box of a geometry's positions, as [west, south, east, north]. */
function geometryBox(g: FlatGeometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number) => {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  };
  const line = (l: FlatLine) => {
    for (let i = 0; i + 1 < l.length; i += 2) add(l[i]!, l[i + 1]!);
  };
  if (g.type === 'Point') add(g.coordinates[0]!, g.coordinates[1]!);
  else if (g.type === 'MultiPoint') for (const p of g.coordinates) add(p[0]!, p[1]!);
  else if (g.type === 'LineString') line(g.coordinates);
  else if (g.type === 'MultiLineString' || g.type === 'Polygon') g.coordinates.forEach(line);
  else for (const p of g.coordinates) p.forEach(line);
  return box;
}

/**
 * Margin (tile units) around the tiles of a window within which a feature is kept: four times the
 * index's 64-unit buffer, so every feature geojson-vt could clip into one of the tiles is there.
 */
const WINDOW_MARGIN = 256;

/**
 * Builds the tile index of a cell (already read with its updates applied). With `window`, only for
 * those tiles: just the features whose box touches one of them are indexed, and nothing is cut in
 * advance, so a few tiles cost a fraction of the whole cell's index; geojson-vt cuts each feature
 * on its own, so those tiles are the same as the whole index gives.
 */
export function buildCellTileIndex(ds: S57Dataset | CellIndex, stamp: CellStamp, opts: { window?: TileAddress[] } = {}): CellTileIndex {
  const features = () => tileFeaturesNear(ds, stamp, opts.window);
  return opts.window ? indexTileFeatures(features, null, opts.window) : indexTileFeatures(features, getCellInfo(ds).bbox);
}

/**
 * A whole cell's index as `buildCellTileIndex` makes it, built in slices of about SLICE_MS with
 * `pause` between them (the features taken and converted, then the cut to zoom 13 tile by tile):
 * a large cell indexed in the background (the warm after an apply) lets the requests that come
 * meanwhile through within a slice, instead of holding the process for the whole build (US4MD81M:
 * seconds). The index is the same: geojson-vt cuts each feature on its own.
 */
export async function buildCellTileIndexSliced(ds: S57Dataset | CellIndex, stamp: CellStamp, pause: Pause): Promise<CellTileIndex> {
  return indexTileFeaturesSliced(() => tileFeaturesNear(ds, stamp), getCellInfo(ds).bbox, pause);
}

/** The S-101 dataset's whole index in slices, as `buildCellTileIndexSliced`. */
export async function buildS101TileIndexSliced(ds: S101Dataset, stamp: CellStamp, pause: Pause): Promise<CellTileIndex> {
  return indexTileFeaturesSliced(() => s101TileFeatures(ds, stamp), datasetBBox(ds), pause);
}

/** Lets other work run (the tile store passes `setImmediate`'s promise). */
export type Pause = () => Promise<unknown>;

/** The longest stretch a sliced build holds the event loop, in milliseconds. */
const SLICE_MS = 15;

/** The tile index of an S-101 dataset (read with its updates), drawn through its S-57 view; `window` as for a cell. */
export function buildS101TileIndex(ds: S101Dataset, stamp: CellStamp, opts: { window?: TileAddress[] } = {}): CellTileIndex {
  const { window } = opts;
  // Near the antimeridian geojson-vt wraps features across it: no window there.
  const windowed = window && !window.some((t) => t.x <= 0 || t.x >= 2 ** t.z - 1);
  const features = function* () {
    for (const f of s101TileFeatures(ds, stamp)) if (!windowed || touchesWindow(geometryBox(f.geometry!), window)) yield f;
  };
  return window ? indexTileFeatures(features, null, window) : indexTileFeatures(features, datasetBBox(ds));
}

/** Does the lon/lat box touch one of the tiles (within WINDOW_MARGIN)? */
function touchesWindow(box: readonly [number, number, number, number], window: TileAddress[]): boolean {
  const west = mercatorX(box[0]);
  const north = mercatorY(box[3]);
  const east = mercatorX(box[2]);
  const south = mercatorY(box[1]);
  for (const t of window) if (mercatorBoxTouchesTile(west, north, east, south, t.z, t.x, t.y, WINDOW_MARGIN)) return true;
  return false;
}

/** The cell's features as the tile index takes them, one at a time; with `window`, those that touch its tiles. */
export function* tileFeaturesNear(ds: S57Dataset | CellIndex, stamp: CellStamp, window?: TileAddress[]): Generator<FlatFeature> {
  // Near the antimeridian geojson-vt wraps features across it: no window there.
  const windowed = window && !window.some((t) => t.x <= 0 || t.x >= 2 ** t.z - 1);
  const near = windowed ? (box: readonly [number, number, number, number]) => touchesWindow(box, window) : undefined;
  // A lazily read cell skips the lines and areas its records show to be far from the window
  // without decoding them; everything else is checked here by its geometry.
  for (const f of tileFeatures(ds, stamp, near)) {
    if (near && !near(geometryBox(f.geometry!))) continue;
    yield f;
  }
}

/** The index's options: geojson-vt's, and ours when we convert features for it (vt-convert.ts). */
export const VT_OPTIONS = { maxZoom: INDEX_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, extent: TILE_EXTENT, buffer: 64 };

/**
 * The tile index of the features `features()` gives (`tileFeaturesNear`). With the cell's box, the
 * tiles down to zoom 13 are cut at once (a whole cell's index); without it, none (a window's). With
 * `window`, the index serves those tiles only, each once (`cellTileFeatures`).
 *
 * The features are taken one at a time and converted to the index's own form as they come
 * (`toVtFeature`), from the reader's flat lines and rings: no GeoJSON is made. Where a feature comes near
 * the antimeridian, geojson-vt must also copy it to the other side of the world: the index is then
 * made by geojson-vt from the GeoJSON, read again.
 */
export function indexTileFeatures(
  features: () => Iterable<FlatFeature>,
  precutBox: readonly [number, number, number, number] | null,
  window?: TileAddress[],
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
    ...(window ? { pending: new Set(window.map((t) => tileId(t.z, t.x, t.y))) } : {}),
  };
}

/** `indexTileFeatures` without a window, in slices (`buildCellTileIndexSliced`). */
async function indexTileFeaturesSliced(
  features: () => Iterable<FlatFeature>,
  precutBox: readonly [number, number, number, number] | null,
  pause: Pause,
): Promise<CellTileIndex> {
  const slicer = startSlices(pause);
  const made = (await convertedIndexSliced(features(), slicer)) ?? geojsonIndex(features());
  await slicer.pause();
  if (precutBox) await precutSliced(made.index, precutBox, slicer);
  const base = 4096 + made.vertices * 240 + made.count * 400;
  return { index: made.index, estimateBytes: () => base + made.index.tileCoords.length * 16_384 };
}

interface Slicer {
  /** Pauses when the current slice has run SLICE_MS. */
  maybePause(): Promise<void> | null;
  pause(): Promise<void>;
}

function startSlices(pause: Pause): Slicer {
  let started = performance.now();
  const slicer: Slicer = {
    async pause() {
      await pause();
      started = performance.now();
    },
    maybePause: () => (performance.now() - started >= SLICE_MS ? slicer.pause() : null),
  };
  return slicer;
}

/** `convertedIndex` in slices. */
async function convertedIndexSliced(features: Iterable<FlatFeature>, slicer: Slicer): Promise<MadeIndex | null> {
  const margin = VT_OPTIONS.buffer / VT_OPTIONS.extent;
  const converted: VtSourceFeature[] = [];
  let vertices = 0;
  for (const f of features) {
    const vt = toVtFeature(f, VT_OPTIONS);
    if (vt) {
      if (!(vt.minX >= margin && vt.maxX < 1 - margin)) return null;
      converted.push(vt);
      vertices += countVertices(f);
    }
    const paused = slicer.maybePause();
    if (paused) await paused;
  }
  const index = geojsonvt({ type: 'FeatureCollection', features: [] }, VT_OPTIONS);
  if (converted.length > 0) index.splitTile(converted, 0, 0, 0);
  return { index, vertices, count: converted.length };
}

/** `precut` in slices, tile by tile. */
async function precutSliced(index: GeoJSONVT, bbox: readonly [number, number, number, number], slicer: Slicer): Promise<void> {
  for (let z = 5; z <= PRECUT_MAX_ZOOM; z++) {
    const r = tileRange(bbox, z);
    for (let x = r.x0; x <= r.x1; x++) {
      for (let y = r.y0; y <= r.y1; y++) {
        index.getTile(z, x, y);
        const paused = slicer.maybePause();
        if (paused) await paused;
      }
    }
  }
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

/** geojson-vt's key of tile z/x/y in `index.tiles`. */
function tileId(z: number, x: number, y: number): number {
  return ((1 << z) * y + x) * 32 + z;
}

/** The tile of a `tileId`. */
function tileOfId(id: number): TileAddress {
  const z = id % 32;
  const n = (id - z) / 32;
  return { z, x: n % (1 << z), y: Math.floor(n / (1 << z)) };
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
  const pending = cell.pending;
  if (!pending) return cell.index.getTile(z, x, y)?.features ?? [];
  const id = tileId(z, x, y);
  if (!pending.has(id)) throw new Error(`tile ${z}/${x}/${y} is not one still to come of this window's index`);
  // Down one zoom at a time, dropping what is not needed at each: asked for at once, geojson-vt
  // would cut every zoom's four quarters on the way before any could be dropped.
  const tiles = cell.index.tiles as Record<number, VtInternalTile | undefined>;
  for (let k = 1; k < z; k++) {
    const ax = x >> (z - k);
    const ay = y >> (z - k);
    if (tiles[tileId(k, ax, ay)]) continue;
    if (!cell.index.getTile(k, ax, ay)) break;
    dropUnneeded(cell.index, pending);
  }
  pending.delete(id);
  const features = cell.index.getTile(z, x, y)?.features ?? [];
  dropUnneeded(cell.index, pending);
  return features;
}

/** The part of a geojson-vt tile this module touches: its features, and the source it is cut from. */
interface VtInternalTile {
  features: unknown[];
  source: unknown[] | null;
}

/**
 * Drops the tiles of a window's index that no pending tile needs: those that are not one of them
 * or an ancestor of one (the siblings geojson-vt cut on its way down keep clipped copies of their
 * features, and tiles already served keep theirs). Geojson-vt finds a tile, or drills to it from
 * its nearest kept ancestor; every ancestor of a pending tile is kept, so what it finds is unchanged.
 * (geojson-vt 4's `tiles`: by id, each with `features` and `source`, null once it has been cut.)
 */
function dropUnneeded(index: GeoJSONVT, pending: Set<number>): void {
  const wanted = [...pending].map(tileOfId);
  const tiles = index.tiles as Record<string, VtInternalTile>;
  for (const key of Object.keys(tiles)) {
    const id = Number(key);
    const { z, x, y } = tileOfId(id);
    if (!wanted.some((t) => t.z >= z && t.x >> (t.z - z) === x && t.y >> (t.z - z) === y)) delete tiles[key];
    // An ancestor already cut into its quarters, and not asked for itself: only its place is needed
    // (geojson-vt drills from the nearest tile that is there), not its features.
    else if (tiles[key]!.source === null && !pending.has(id)) tiles[key]!.features = [];
  }
}
