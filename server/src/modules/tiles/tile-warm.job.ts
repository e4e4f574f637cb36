import { z } from 'zod';
import { mapZoom } from '@chartroom/contracts/map';
import type { JobHandler } from '../../jobs/runner.js';
import { finestCell } from './chart-set.js';
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

/**
 * After an apply: makes the new version's tiles at the map's starting view (the finest chart at
 * zoom 15), so the first map opened after the change draws at once. Making the chart set of the
 * new version also drops the geocontent's tiles of the old one.
 */
export function tileWarmJob(deps: TileDeps): JobHandler {
  return async (raw) => {
    const { gcId } = payload.parse(raw);
    const version = await findChartVersion(deps.db, gcId);
    const set = await deps.store.chartSet(gcId, version, () => listMapCharts(deps.db, gcId));
    const finest = finestCell(set.cells);
    if (!finest) return { warmed: 0 };
    const [w, s, e, n] = finest.bbox;
    const centre: [number, number, number, number] = [(w + e) / 2, (s + n) / 2, (w + e) / 2, (s + n) / 2];
    let warmed = 0;
    for (const { dz, half } of WARM_VIEW) {
      const z = mapZoom.initial + dz;
      const { x0, y0 } = tileRange(centre, z);
      for (let x = x0 - half[0]; x <= x0 + half[0]; x++) {
        for (let y = y0 - half[1]; y <= y0 + half[1]; y++) {
          if (x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) continue;
          await deps.store.vectorTile(set, z, x, y);
          warmed += 1;
        }
      }
    }
    return { warmed };
  };
}
