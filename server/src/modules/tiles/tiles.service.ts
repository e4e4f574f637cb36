import { mapTaskTtlHours, mapZoom, type ChartText, type MapTaskView, type TileParams } from '@chartroom/contracts/map';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { chartSetBbox, finestCell, type ChartSet } from './chart-set.js';
import { simplifyCoverage } from './coverage-outline.js';
import type { TileBody, TileStore } from './tile-store.js';
import { findCompanionKey, findTaskWithVersion, listMapCharts } from './tiles.repository.js';

/** Bump when the tiles' content changes for the same charts, so caches holding old tiles revalidate. */
const TILE_FORMAT = 2;

export interface TileDeps {
  db: DbOrTx;
  store: TileStore;
}

export interface ResolvedTask {
  taskId: string;
  gcId: number;
  userId: number;
  title: string;
  createdAt: Date;
  expiresAt: Date;
  set: ChartSet;
}

/**
 * A map task as a capability: it must exist, be younger than 12 hours and belong to a provider
 * who still owns the geocontent; a signed-in caller must be that provider. Anything else is 404.
 */
export async function resolveMapTask(opts: { deps: TileDeps; actor: Actor | null; taskId: string }): Promise<ResolvedTask> {
  const { db, store } = opts.deps;
  const row = await store.task(opts.taskId, () => findTaskWithVersion(db, opts.taskId));
  const expiresAt = row ? new Date(row.createdAt.getTime() + mapTaskTtlHours * 3600_000) : null;
  if (!row || !expiresAt || expiresAt.getTime() <= Date.now() || (opts.actor && opts.actor.id !== row.userId)) throw notFound('map_task');
  const set = await store.chartSet(row.geocontentId, row.version, (previous) => listMapCharts(db, row.geocontentId, previous));
  return { taskId: row.taskId, gcId: row.geocontentId, userId: row.userId, title: row.title, createdAt: row.createdAt, expiresAt, set };
}

/** The map task's cells of a chart set, made once per set (the coverage simplified for the browser). */
const taskCells = new WeakMap<ChartSet, MapTaskView['cells']>();
function taskCellsOf(set: ChartSet): MapTaskView['cells'] {
  let cells = taskCells.get(set);
  if (!cells) {
    cells = set.cells.map((c) => ({
      name: c.name,
      band: c.band,
      edition: c.edition,
      update: c.update,
      issueDate: c.issueDate,
      scale: c.scale,
      bbox: c.bbox,
      coverage: simplifyCoverage(c.coverage),
    }));
    taskCells.set(set, cells);
  }
  return cells;
}

/** `maptask`: what the map screen opens with. */
export async function describeMapTask(opts: { deps: TileDeps; actor: Actor; taskId: string }): Promise<MapTaskView> {
  const task = await resolveMapTask(opts);
  const { set } = task;
  const finest = finestCell(set.cells);
  const startBox = finest?.bbox ?? set.grids[0]?.bbox ?? null;
  return {
    taskId: task.taskId,
    gcid: task.gcId,
    title: task.title,
    version: set.version,
    createdAt: task.createdAt.toISOString(),
    expiresAt: task.expiresAt.toISOString(),
    bbox: chartSetBbox(set),
    start: startBox
      ? {
          lon: (startBox[0] + startBox[2]) / 2,
          lat: (startBox[1] + startBox[3]) / 2,
          zoom: Math.min(mapZoom.max, Math.max(mapZoom.min, mapZoom.initial)),
        }
      : null,
    cells: taskCellsOf(set),
    s102: set.grids.map((g) => ({ name: g.name, bbox: g.bbox })),
  };
}

export function checkTileAddress(p: TileParams): void {
  const n = 2 ** p.z;
  if (p.x >= n || p.y >= n)
    throw new AppError('bad_request', `Tile ${p.z}/${p.x}/${p.y} does not exist: x and y must be below ${n} at zoom ${p.z}`);
}

export interface TileAnswer extends TileBody {
  etag: string;
  /** The caller's copy is current: answer 304. */
  isNotModified: boolean;
}

/** The ETag of every tile of a chart version: the same charts give the same tiles. */
export function tileEtag(set: ChartSet): string {
  return `"t${TILE_FORMAT}-${set.version}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** A vector or S-102 tile of the task's geocontent, or the word that the caller's copy is current. */
export async function getTile(opts: {
  deps: TileDeps;
  actor: Actor | null;
  taskId: string;
  kind: 'pbf' | 'png';
  params: TileParams;
  ifNoneMatch: string | undefined;
}): Promise<TileAnswer> {
  checkTileAddress(opts.params);
  const { set } = await resolveMapTask(opts);
  const etag = tileEtag(set);
  if (matches(opts.ifNoneMatch, etag)) return { etag, isNotModified: true, body: null };
  const { z, x, y } = opts.params;
  const tile = opts.kind === 'pbf' ? await opts.deps.store.vectorTile(set, z, x, y) : await opts.deps.store.depthTile(set, z, x, y);
  return { etag, isNotModified: false, body: tile.body };
}

/** The most of a chart text shown (a TXTDSC is a few lines; a larger file is cut here). */
const CHART_TEXT_MAX_BYTES = 64 * 1024;

/**
 * S-57 text files are ISO 8859-1 (lexical levels 0 and 1); NTXTDS files may be UCS-2 (level 2),
 * often with a byte-order mark. UTF-8 is taken when the bytes are valid UTF-8.
 */
export function decodeChartText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  const zeros = bytes.subarray(0, 200).filter((b) => b === 0).length;
  if (bytes.length >= 4 && zeros * 3 >= Math.min(200, bytes.length)) return bytes.toString('utf16le');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * A text file a feature of the task's charts refers to (TXTDSC, NTXTDS), as text: the map task is
 * the capability, as for its tiles (a signed-in caller must be its provider). A name the charts
 * did not bring is 404.
 */
export async function readChartText(opts: { deps: TileDeps; actor: Actor | null; taskId: string; file: string }): Promise<ChartText> {
  const task = await resolveMapTask(opts);
  const name = opts.file.toUpperCase();
  const key = await findCompanionKey(opts.deps.db, task.gcId, name);
  if (!key) throw notFound('chart_text', `Text file ${name}`);
  const bytes = await opts.deps.store.readFile(key);
  const text = decodeChartText(bytes.subarray(0, CHART_TEXT_MAX_BYTES)).replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trimEnd();
  return { file: name, text: bytes.length > CHART_TEXT_MAX_BYTES ? `${text}…` : text };
}
