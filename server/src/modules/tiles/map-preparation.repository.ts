import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, jobs, mapCellStates, s100Datasets } from '../../db/schema/index.js';
import { JOBS_CHANNEL } from '../../jobs/queue.js';

// The map preparation of a geocontent's cells (decision 0032): one `tiles.prepare` job per cell
// version, and a row per version once it is ready or has failed.

export const tilePrepareJobKind = 'tiles.prepare';
/** Tries of one cell's preparation before it is recorded as failed (its tiles are still made on demand). */
export const TILE_PREPARE_MAX_ATTEMPTS = 3;

/**
 * The chart-set keys of a geocontent's current cells, S-101 datasets and S-102 grids, as
 * `buildChartSet` makes them (`<id>:<updatedAt in ms>`, `s101-<id>:…`), with the same rows left
 * out (no box; a grid without its file). Read in the database, so that queueing and the status
 * cost one statement whatever the geocontent holds, without reading the cells' coverage.
 */
function currentKeys(gcId: number | null) {
  // Milliseconds since 1970 as JavaScript's Date gives them (truncated), exact on every PostgreSQL
  // version: whole seconds, then the milliseconds of the seconds field (integers in a double).
  const ms = (col: unknown) =>
    sql`(extract(epoch from date_trunc('second', ${col}))::bigint * 1000 + floor(extract(microseconds from ${col}) / 1000)::bigint % 1000)::text`;
  return sql`
    SELECT ${charts.id}::text || ':' || ${ms(charts.updatedAt)} AS key, ${chartCollections.geocontentId} AS gc_id
    FROM ${charts} JOIN ${chartCollections} ON ${chartCollections.id} = ${charts.collectionId}
    WHERE ${gcId === null ? sql`true` : sql`${chartCollections.geocontentId} = ${gcId}`}
      AND ${charts.west} IS NOT NULL AND ${charts.south} IS NOT NULL AND ${charts.east} IS NOT NULL AND ${charts.north} IS NOT NULL
      AND (${chartCollections.kind} <> 's102' OR coalesce(${charts.blobKeys} ->> 0, '') <> '')
    UNION ALL
    SELECT 's101-' || ${s100Datasets.id}::text || ':' || ${ms(s100Datasets.updatedAt)}, ${s100Datasets.geocontentId}
    FROM ${s100Datasets}
    WHERE ${gcId === null ? sql`true` : sql`${s100Datasets.geocontentId} = ${gcId}`} AND ${s100Datasets.product} = 'S-101'
      AND ${s100Datasets.west} IS NOT NULL AND ${s100Datasets.south} IS NOT NULL
      AND ${s100Datasets.east} IS NOT NULL AND ${s100Datasets.north} IS NOT NULL`;
}

/**
 * Queues one `tiles.prepare` job for each current cell version of the geocontent that is neither
 * ready nor already queued or running, in one statement (and its wake-up): the cost of an apply
 * does not grow with the cells it keeps. A version that had failed is tried again (its row goes,
 * so it counts as pending). Inside the writer's transaction the jobs appear when it commits.
 */
export async function queueMapPreparation(db: DbOrTx, gcId: number): Promise<number> {
  const result = (await db.execute(sql`
    WITH wanted AS (${currentKeys(gcId)}),
    -- Set differences, not correlated lookups: a set uploaded faster than the statistics are
    -- renewed otherwise gets a nested loop of its cells by the queued jobs (1,000 cells: 40 ms
    -- instead of 1.3), while EXCEPT hashes or sorts whatever the planner believes.
    fresh AS (
      SELECT key FROM wanted
      EXCEPT SELECT s.key FROM ${mapCellStates} s WHERE s.geocontent_id = ${gcId}::integer AND s.status = 'ready'
      EXCEPT SELECT j.payload ->> 'key' FROM ${jobs} j
        WHERE j.state IN ('queued', 'running') AND j.kind = ${tilePrepareJobKind} AND j.payload ->> 'gcId' = ${String(gcId)}
    ),
    retried AS (
      DELETE FROM ${mapCellStates} s USING fresh WHERE s.key = fresh.key AND s.status = 'failed' RETURNING s.key
    ),
    queued AS (
      INSERT INTO ${jobs} (kind, payload, max_attempts)
      SELECT ${tilePrepareJobKind}, jsonb_build_object('gcId', ${gcId}::integer, 'key', fresh.key), ${TILE_PREPARE_MAX_ATTEMPTS}::integer
      FROM fresh ORDER BY fresh.key
      RETURNING id
    ),
    counted AS (SELECT count(*)::integer AS n FROM queued)
    SELECT n, CASE WHEN n > 0 THEN pg_notify(${JOBS_CHANNEL}, ${tilePrepareJobKind})::text END AS woke, (SELECT count(*) FROM retried) AS retried
    FROM counted`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export interface MapStatusCounts {
  cells: number;
  ready: number;
  failed: number;
}

/** How many of the geocontent's current cell versions there are, are ready and have failed: one statement. */
export async function countMapStatus(db: DbOrTx, gcId: number): Promise<MapStatusCounts> {
  const result = (await db.execute(sql`
    WITH wanted AS (${currentKeys(gcId)})
    SELECT count(*)::integer AS cells,
      (count(*) FILTER (WHERE s.status = 'ready'))::integer AS ready,
      (count(*) FILTER (WHERE s.status = 'failed'))::integer AS failed
    FROM wanted w LEFT JOIN ${mapCellStates} s ON s.key = w.key`)) as unknown as { rows: MapStatusCounts[] };
  const row = result.rows[0];
  return { cells: Number(row?.cells ?? 0), ready: Number(row?.ready ?? 0), failed: Number(row?.failed ?? 0) };
}

/** Records a cell version's preparation as ended: ready, or failed with a short reason. */
export async function recordCellState(
  db: DbOrTx,
  state: { gcId: number; key: string; status: 'ready' | 'failed'; error?: string | null; attempts: number },
): Promise<void> {
  const values = {
    key: state.key,
    geocontentId: state.gcId,
    status: state.status,
    error: state.error ?? null,
    attempts: state.attempts,
    updatedAt: sql`now()`,
  };
  await db
    .insert(mapCellStates)
    .values(values)
    .onConflictDoUpdate({
      target: mapCellStates.key,
      set: { status: values.status, error: values.error, attempts: values.attempts, updatedAt: sql`now()` },
    });
}

/**
 * Queues the preparation of every geocontent that has a current cell version with no state and no
 * job (prepared in a pack format no longer read, whose state migration 0017 removed; or any
 * preparation lost): what the server does as it starts and in its periodic sweep. How many jobs.
 */
export async function queueUnpreparedCells(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`
    WITH wanted AS (${currentKeys(null)})
    SELECT DISTINCT m.gc_id FROM (
      SELECT key, gc_id FROM wanted
      EXCEPT SELECT s.key, s.geocontent_id FROM ${mapCellStates} s
      EXCEPT SELECT j.payload ->> 'key', (j.payload ->> 'gcId')::integer FROM ${jobs} j
        WHERE j.state IN ('queued', 'running') AND j.kind = ${tilePrepareJobKind}
    ) m ORDER BY m.gc_id`)) as unknown as { rows: { gc_id: number }[] };
  let queued = 0;
  for (const row of result.rows) queued += await queueMapPreparation(db, Number(row.gc_id));
  return queued;
}

/** The keys of the cell versions prepared last, newest first (a tile thread's warm-up reads one). */
export async function listLastReadyKeys(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: mapCellStates.key })
    .from(mapCellStates)
    .where(sql`${mapCellStates.status} = 'ready'`)
    .orderBy(sql`${mapCellStates.updatedAt} DESC`)
    .limit(limit);
  return rows.map((r) => r.key);
}

/** The chart-set keys of every geocontent's current cells, S-101 datasets and S-102 grids. */
export async function listCurrentMapKeys(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(currentKeys(null))) as unknown as { rows: { key: string }[] };
  return result.rows.map((r) => r.key);
}

/** Removes the rows of versions no geocontent shows any more (replaced, or their chart removed); how many. */
export async function deleteOldCellStates(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${mapCellStates} WHERE ${mapCellStates.key} NOT IN (SELECT key FROM (${currentKeys(null)}) k) RETURNING 1
    )
    SELECT count(*)::integer AS n FROM gone`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
