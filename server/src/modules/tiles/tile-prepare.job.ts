import { z } from 'zod';
import type { JobHandler } from '../../jobs/runner.js';
import type { TileDeps } from './tiles.service.js';
import { buildChartSet } from './chart-set.js';
import { findMapChartRows } from './tiles.repository.js';
import { recordCellState, tilePrepareJobKind } from './map-preparation.repository.js';

export { tilePrepareJobKind };

const payload = z.object({ gcId: z.number().int().positive(), key: z.string().min(1).max(200) });

/** What the provider is told of a failure: the reason's first line, short; never a stack. */
export function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // A file's place on the server's disk is no business of the provider's: its name is enough.
  const line = (text.split('\n')[0] ?? '').trim().replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"\\/]+)+[\\/]([^\s'"\\/]+)/g, '$1');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || 'preparation failed';
}

/**
 * Prepares one cell version of a geocontent's map (decision 0032): the cell's tile pack
 * (`TileStore.prepareCell`) or an S-102 grid's stored depths (`TileStore.prepareGrid`), then
 * records it ready. A version no longer in the current collection (replaced by a new edition or
 * update, or removed) is left alone: its job is done. After the last try the version is recorded
 * as failed with a short reason; the runner ends the job as failed too.
 */
export function tilePrepareJob(deps: TileDeps): JobHandler {
  return async (raw, { job }) => {
    const { gcId, key } = payload.parse(raw);
    try {
      // Its own row only: the set of the whole geocontent would be read (and kept) again after every apply.
      const set = buildChartSet(gcId, '', await findMapChartRows(deps.db, gcId, key));
      const cell = set.cells.find((c) => c.key === key);
      const grid = cell ? undefined : set.grids.find((g) => g.key === key);
      if (!cell && !grid) return { key, skipped: 'replaced' };
      const made = cell ? await deps.store.prepareCell(cell) : await deps.store.prepareGrid(grid!);
      await recordCellState(deps.db, { gcId, key, status: 'ready', attempts: job.attempts });
      return made;
    } catch (err) {
      if (job.attempts >= job.maxAttempts) {
        await recordCellState(deps.db, { gcId, key, status: 'failed', error: shortReason(err), attempts: job.attempts });
      }
      throw err;
    }
  };
}
