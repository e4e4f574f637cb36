import { geojsonvt, type VtTile } from './geojson-vt.js';
import type { Feature } from '@chartroom/s57';
import { INDEX_MAX_ZOOM } from './cell-tile-index.js';
import { bboxTouchesTile, TILE_EXTENT } from './tile-geometry.js';
import { LAYER_TAG } from './cell-features.js';
import type { QuiltCell } from './quilt.js';
import type { MapChartRow } from './tiles.repository.js';

export type LonLatBox = [number, number, number, number];

export interface MapCell extends QuiltCell {
  id: number;
  /** How its files are read: S-57 cells, or S-101 datasets drawn through their S-57 view. */
  format: 's57' | 's101';
  update: number;
  scale: number | null;
  blobKeys: string[];
  /** Identifies the stored files: an index built for one key serves every version that keeps it. */
  key: string;
}

export interface MapGrid {
  id: number;
  name: string;
  bbox: LonLatBox;
  gridKey: string;
  key: string;
}

/** What one version of a geocontent's collection shows on the map. */
export interface ChartSet {
  gcId: number;
  version: string;
  cells: MapCell[];
  grids: MapGrid[];
  /** Every cell's coverage (M_COVR CATCOV=1), one feature per cell in `cells` order: in the tiles at every zoom. */
  coverage: Feature[];
}

function bboxOf(r: MapChartRow): LonLatBox | null {
  if (r.west === null || r.south === null || r.east === null || r.north === null) return null;
  return [r.west, r.south, r.east, r.north];
}

/** An S-101 dataset's band: S-101 names and records carry none (its display scales are per feature); approach. */
const S101_BAND = 4;

/** A cell's band from the third character of its name when DSID did not say (e.g. US4MD81M → 4). */
function bandOf(r: MapChartRow): number {
  if (r.band && r.band >= 1 && r.band <= 6) return r.band;
  if (r.kind === 's101') return S101_BAND;
  const digit = Number(r.name.charAt(2));
  return digit >= 1 && digit <= 6 ? digit : 1;
}

export function buildChartSet(gcId: number, version: string, rows: MapChartRow[]): ChartSet {
  const cells: MapCell[] = [];
  const grids: MapGrid[] = [];
  for (const r of rows) {
    const bbox = bboxOf(r);
    if (!bbox) continue;
    // S-101 rows are of another table: their ids may be a chart's.
    const key = `${r.kind === 's101' ? 's101-' : ''}${r.id}:${r.updatedAt.getTime()}`;
    if (r.kind === 's102') {
      if (r.blobKeys[0]) grids.push({ id: r.id, name: r.name, bbox, gridKey: r.blobKeys[0], key });
      continue;
    }
    const coverage = (r.coverage as { coordinates?: number[][][][] } | null)?.coordinates ?? null;
    cells.push({
      id: r.id,
      format: r.kind === 's101' ? 's101' : 's57',
      name: r.name,
      band: bandOf(r),
      edition: r.edition ?? 0,
      update: r.update ?? 0,
      issueDate: r.releaseDate,
      scale: r.scale,
      coverage,
      bbox,
      blobKeys: r.blobKeys,
      key,
    });
  }
  return { gcId, version, cells, grids, coverage: coverageFeatures(cells) };
}

/** Each cell's coverage (M_COVR CATCOV=1, else its box) as the M_COVR feature the tiles carry, in `cells` order. */
export function coverageFeatures(cells: MapCell[]): Feature[] {
  return cells.map((c) => ({
    type: 'Feature',
    geometry: c.coverage
      ? { type: 'MultiPolygon', coordinates: c.coverage }
      : {
          type: 'Polygon',
          coordinates: [
            [
              [c.bbox[0], c.bbox[1]],
              [c.bbox[2], c.bbox[1]],
              [c.bbox[2], c.bbox[3]],
              [c.bbox[0], c.bbox[3]],
              [c.bbox[0], c.bbox[1]],
            ],
          ],
        },
    properties: { [LAYER_TAG]: 'M_COVR', CATCOV: '1', cell: c.name, band: c.band, edition: c.edition, update: c.update },
  }));
}

/** Outlines per index when a tile's outlines are cut (see coverageTile). */
const OUTLINES_PER_INDEX = 16;

/**
 * The coverage outlines in tile z/x/y (tile units), or null when no cell's box touches it. Cut from
 * indexes of the touching cells' outlines made for this tile and dropped after: an index kept for
 * the chart set would keep every tile it ever cut, each with a clipped copy of the outlines at
 * every zoom on the way down (300 overlapping cells: 35 MB for the starting view alone). The tile
 * itself is cached by the tile store; an outline has a few hundred points, so cutting it again for
 * a new tile costs little. The outlines are cut a few at a time, each few by an index of its own:
 * geojson-vt cuts every feature on its own, so the tile is the same, and the copies it makes on
 * the way down are those of a few outlines, not of all of them at once (300 outlines: 13 MB).
 */
export function coverageTile(set: Pick<ChartSet, 'cells' | 'coverage'>, z: number, x: number, y: number): VtTile | null {
  // Near the antimeridian geojson-vt wraps outlines across it: every cell counts there.
  const edge = x <= 0 || x >= 2 ** z - 1;
  const features = edge ? set.coverage : set.coverage.filter((_, i) => bboxTouchesTile(set.cells[i]!.bbox, z, x, y, 64));
  let tile: VtTile | null = null;
  for (let i = 0; i < features.length; i += OUTLINES_PER_INDEX) {
    const index = geojsonvt(
      { type: 'FeatureCollection', features: features.slice(i, i + OUTLINES_PER_INDEX) },
      { maxZoom: INDEX_MAX_ZOOM, indexMaxZoom: 4, extent: TILE_EXTENT, buffer: 64 },
    );
    const part = index.getTile(z, x, y);
    if (!part) continue;
    if (!tile) tile = { features: [], numPoints: 0, numFeatures: 0 };
    for (const f of part.features) tile.features.push(f);
    tile.numPoints += part.numPoints;
    tile.numFeatures += part.numFeatures;
  }
  return tile;
}

/** The whole collection's box, or null when it is empty. */
export function chartSetBbox(set: Pick<ChartSet, 'cells' | 'grids'>): LonLatBox | null {
  const boxes = [...set.cells.map((c) => c.bbox), ...set.grids.map((g) => g.bbox)];
  if (boxes.length === 0) return null;
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** The finest chart: highest band, then largest scale (smallest denominator). */
export function finestCell(cells: MapCell[]): MapCell | null {
  let best: MapCell | null = null;
  for (const c of cells) {
    if (!best || c.band > best.band || (c.band === best.band && (c.scale ?? Infinity) < (best.scale ?? Infinity))) best = c;
  }
  return best;
}
