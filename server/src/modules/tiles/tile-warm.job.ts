import { z } from 'zod';
import { mapZoom } from '@chartroom/contracts/map';
import type { JobHandler } from '../../jobs/runner.js';
import type { TileAddress } from './cell-tile-index.js';
import { finestCell, type ChartSet } from './chart-set.js';
import { tileRange } from './tile-geometry.js';
import type { TileDeps } from './tiles.service.js';
import { findChartVersion, listMapCharts } from './tiles.repository.js';

export const tileWarmJobKind = 'tiles.warm';
const payload = z.object({ gcId: z.number().int().positive() });

/** Tiles around the starting view: a wide window (1920×1200 px of 512-px tiles) at the start zoom and one zoom out. */
const WARM_VIEW = [
  { dz: 0, half: [2, 2] },
  { dz: -1, half: [1, 1] },
] as const;

/** The tiles of the map's starting view over a chart set: around the finest cell's centre. */
export function startingViewTiles(set: ChartSet): TileAddress[] {
  const finest = finestCell(set.cells);
  if (!finest) return [];
  const [w, s, e, n] = finest.bbox;
  const centre: [number, number, number, number] = [(w + e) / 2, (s + n) / 2, (w + e) / 2, (s + n) / 2];
  const tiles: TileAddress[] = [];
  for (const { dz, half } of WARM_VIEW) {
    const z = mapZoom.initial + dz;
    const { x0, y0 } = tileRange(centre, z);
    for (let x = x0 - half[0]; x <= x0 + half[0]; x++) {
      for (let y = y0 - half[1]; y <= y0 + half[1]; y++) {
        if (x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) continue;
        tiles.push({ z, x, y });
      }
    }
  }
  return tiles;
}

/**
 * After an apply: makes the new version's tiles at the map's starting view (the finest chart at
 * zoom 15) in the tile threads, so the first map opened after the change draws at once; a cell
 * there not yet prepared is packed on the way (and its pack stored for every process). Making the
 * chart set of the new version also drops the geocontent's tiles of the old one.
 */
export function tileWarmJob(deps: TileDeps): JobHandler {
  return async (raw) => {
    const { gcId } = payload.parse(raw);
    const version = await findChartVersion(deps.db, gcId);
    const set = await deps.store.chartSet(gcId, version, (previous) => listMapCharts(deps.db, gcId, previous));
    const tiles = startingViewTiles(set);
    if (tiles.length === 0) return { warmed: 0 };
    const warmed = await deps.store.warmVectorTiles(set, tiles);
    return { warmed };
  };
}
