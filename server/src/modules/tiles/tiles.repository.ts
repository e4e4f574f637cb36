import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, geocontents, mapTasks, providers, s100Datasets } from '../../db/schema/index.js';

/**
 * The version of a geocontent's charts as the map knows it: its chart stamp (decision 0036), which
 * the database's triggers renew whenever one of its collections, charts or S-101 datasets is
 * added, removed or updated, as 16 hex digits. One row's column, whatever the geocontent holds.
 */
const versionOf = sql<string>`lpad(to_hex(${geocontents.chartStamp}), 16, '0')`;

export async function findChartVersion(db: DbOrTx, gcId: number): Promise<string> {
  const [row] = await db.select({ version: versionOf }).from(geocontents).where(eq(geocontents.id, gcId)).limit(1);
  return row?.version ?? '';
}

/**
 * A map task with the version of its geocontent's charts, only while the user who made it still
 * owns the geocontent. The version changes with any change to the collections or their charts.
 */
export async function findTaskWithVersion(db: DbOrTx, taskId: string) {
  const [row] = await db
    .select({
      taskId: mapTasks.taskId,
      userId: mapTasks.userId,
      geocontentId: mapTasks.geocontentId,
      title: geocontents.title,
      createdAt: mapTasks.createdAt,
      version: versionOf,
    })
    .from(mapTasks)
    .innerJoin(geocontents, eq(geocontents.id, mapTasks.geocontentId))
    .innerJoin(providers, and(eq(providers.id, geocontents.providerId), eq(providers.ownerUserId, mapTasks.userId)))
    .where(eq(mapTasks.taskId, taskId))
    .limit(1);
  return row;
}

/**
 * The cells and S-102 grids of a geocontent, and its S-101 datasets (kind `s101`), as the map needs
 * them. With the chart set of an earlier version, the coverage of a chart unchanged since (same id
 * and update time: its set key) is taken from it, and only the changed charts' coverage is read: a
 * new version after an apply of one cell reads one cell's coverage, not a national set's.
 */
export async function listMapCharts(db: DbOrTx, gcId: number, previous?: { cells: readonly { key: string; coverage: unknown }[] }) {
  const known = new Map((previous?.cells ?? []).map((c) => [c.key, c.coverage]));
  const [cells, s101] = [
    known.size > 0 ? await listChartRowsKnowing(db, gcId, known) : await listChartRows(db, gcId),
    await listS101Rows(db, gcId),
  ];
  return [...cells, ...s101];
}

const mapChartColumns = {
  id: charts.id,
  kind: chartCollections.kind,
  name: charts.name,
  band: charts.band,
  edition: charts.edition,
  update: charts.update,
  releaseDate: charts.releaseDate,
  scale: charts.scale,
  west: charts.west,
  south: charts.south,
  east: charts.east,
  north: charts.north,
  blobKeys: charts.blobKeys,
  updatedAt: charts.updatedAt,
};

/** The rows without their coverage, then the coverage of those whose key `known` does not hold. */
async function listChartRowsKnowing(db: DbOrTx, gcId: number, known: Map<string, unknown>): Promise<MapChartRow[]> {
  const rows = await db
    .select(mapChartColumns)
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(eq(chartCollections.geocontentId, gcId))
    .orderBy(asc(chartCollections.kind), asc(charts.name));
  const keyOf = (r: { id: number; updatedAt: Date }) => `${r.id}:${r.updatedAt.getTime()}`;
  const missing = rows.filter((r) => r.kind !== 's102' && !known.has(keyOf(r))).map((r) => r.id);
  const read = new Map<number, unknown>();
  for (let i = 0; i < missing.length; i += 1000) {
    const part = await db
      .select({ id: charts.id, coverage: charts.coverage })
      .from(charts)
      .where(inArray(charts.id, missing.slice(i, i + 1000)));
    for (const r of part) read.set(r.id, r.coverage);
  }
  return rows.map((r) => {
    const coordinates = known.get(keyOf(r));
    const coverage = read.has(r.id) ? read.get(r.id) : coordinates ? { type: 'MultiPolygon', coordinates } : null;
    return { ...r, coverage };
  });
}

async function listChartRows(db: DbOrTx, gcId: number, chartId?: number) {
  return db
    .select({ ...mapChartColumns, coverage: charts.coverage })
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(and(eq(chartCollections.geocontentId, gcId), chartId === undefined ? undefined : eq(charts.id, chartId)))
    .orderBy(asc(chartCollections.kind), asc(charts.name));
}

/**
 * The row of the cell, S-102 grid or S-101 dataset whose chart-set key (`buildChartSet`) is `key`,
 * read alone: none when the geocontent no longer holds it (removed, or its id's row changed since,
 * which changes its key). A preparation job needs its one cell, not the set of a national geocontent.
 */
export async function findMapChartRows(db: DbOrTx, gcId: number, key: string): Promise<MapChartRow[]> {
  const parsed = /^(s101-)?(\d{1,15}):\d+$/.exec(key);
  if (!parsed) return [];
  const id = Number(parsed[2]);
  return parsed[1] ? listS101Rows(db, gcId, id) : listChartRows(db, gcId, id);
}

/** The S-101 datasets of a geocontent in the shape of a chart row (no band, scale or coverage: the map gives them defaults). */
async function listS101Rows(db: DbOrTx, gcId: number, datasetId?: number) {
  return db
    .select({
      id: s100Datasets.id,
      kind: sql<string>`'s101'`,
      name: s100Datasets.name,
      band: sql<number | null>`null::integer`,
      edition: s100Datasets.edition,
      update: s100Datasets.update,
      releaseDate: s100Datasets.issueDate,
      scale: sql<number | null>`null::integer`,
      west: s100Datasets.west,
      south: s100Datasets.south,
      east: s100Datasets.east,
      north: s100Datasets.north,
      coverage: sql<unknown>`null::jsonb`,
      blobKeys: s100Datasets.blobKeys,
      updatedAt: s100Datasets.updatedAt,
    })
    .from(s100Datasets)
    .where(
      and(
        eq(s100Datasets.geocontentId, gcId),
        eq(s100Datasets.product, 'S-101'),
        datasetId === undefined ? undefined : eq(s100Datasets.id, datasetId),
      ),
    )
    .orderBy(asc(s100Datasets.name));
}

export type MapChartRow = Awaited<ReturnType<typeof listChartRows>>[number];

/** The blob key of a companion file (TXT, TIF) stored with the geocontent's ENC collection, by upper-case name. */
export async function findCompanionKey(db: DbOrTx, gcId: number, name: string): Promise<string | null> {
  const [row] = await db
    .select({ keys: chartCollections.companionKeys })
    .from(chartCollections)
    .where(and(eq(chartCollections.geocontentId, gcId), eq(chartCollections.kind, 'enc')))
    .limit(1);
  return row?.keys[name] ?? null;
}
