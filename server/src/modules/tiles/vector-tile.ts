import { coverageOnlyBelowZoom } from '@chartroom/contracts/map';
import type { VtFeature } from './geojson-vt.js';
import { coverageTile, type ChartSet, type MapCell } from './chart-set.js';
import { LAYER_TAG } from './cell-features.js';
import { encodeMvt, type MvtFeature } from './mvt-encode.js';
import { clipFeature, quiltShares, rankCells, type QuiltShare } from './quilt.js';
import { bboxTouchesTile, TILE_EXTENT } from './tile-geometry.js';

/** A cell's features in tile z/x/y, in tile units (those drawn at its zoom, or more). */
export type CellTileSource = (cell: MapCell, z: number, x: number, y: number) => Promise<VtFeature[]>;

function addFeature(layers: Map<string, MvtFeature[]>, f: MvtFeature): void {
  const name = String(f.tags[LAYER_TAG]);
  let list = layers.get(name);
  if (!list) layers.set(name, (list = []));
  list.push(f);
}

/** The cells that draw in tile z/x/y, best first, each with its share of the tile. */
export function tileQuilt(set: Pick<ChartSet, 'cells'>, z: number, x: number, y: number): { cell: MapCell; share: QuiltShare }[] {
  if (z < coverageOnlyBelowZoom) return [];
  const ranked = rankCells(
    set.cells.filter((c) => bboxTouchesTile(c.bbox, z, x, y, 64)),
    z,
  );
  const shares: QuiltShare[] = ranked.length > 1 ? quiltShares(ranked, z, x, y) : ranked.map(() => ({ kind: 'all' }));
  return ranked.map((cell, i) => ({ cell, share: shares[i]! })).filter((q) => q.share.kind !== 'none');
}

/**
 * Is a feature drawn anywhere tile z is shown? MapLibre shows the tiles of zoom z from map zoom z
 * until z + 1, and the style draws a feature from its `minzoom` (SCAMIN) on: one whose minzoom is
 * z + 1 or more is drawn from deeper tiles only, and is left out of this one. (MapLibre evaluates
 * a filter's zoom at the tile's own zoom, so today's style draws only minzoom ≤ z from tile z; the
 * wider rule keeps the tiles right for a style that tests the map's zoom some other way.)
 */
export function isDrawnAtTileZoom(tags: Record<string, unknown>, z: number): boolean {
  const minzoom = tags.minzoom;
  return typeof minzoom !== 'number' || minzoom < z + 1;
}

/**
 * Tile z/x/y of a chart set as an uncompressed MVT, or null when it holds nothing: the coverage
 * of every cell, and from zoom 7 the features of the cells the quilt gives a share of the tile
 * that are drawn at its zoom (`isDrawnAtTileZoom`).
 */
export async function makeVectorTile(
  set: Pick<ChartSet, 'cells' | 'coverage'>,
  z: number,
  x: number,
  y: number,
  cellFeatures: CellTileSource,
): Promise<Uint8Array | null> {
  const layers = new Map<string, MvtFeature[]>();
  for (const f of coverageTile(set, z, x, y)?.features ?? []) addFeature(layers, f as MvtFeature);
  for (const { cell, share } of tileQuilt(set, z, x, y)) {
    for (const f of await cellFeatures(cell, z, x, y)) {
      if (!isDrawnAtTileZoom(f.tags, z)) continue;
      const kept = share.kind === 'clip' ? clipFeature(f as MvtFeature, share) : (f as MvtFeature);
      if (kept) addFeature(layers, kept);
    }
  }
  return layers.size === 0 ? null : encodeMvt(layers, TILE_EXTENT);
}
