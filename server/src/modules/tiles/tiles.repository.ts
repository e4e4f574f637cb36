import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, geocontents, mapTasks, providers } from '../../db/schema/index.js';

/** A digest of the geocontent's collections and charts (ids and update times): any change changes it. */
function versionOf(gcId: SQLWrapper | number) {
  return sql<string>`(
    select left(md5(coalesce(string_agg(cc.kind || ':' || cc.updated_at::text || ':' || coalesce(ch.id::text, '') || ':' || coalesce(ch.updated_at::text, ''), ',' order by cc.kind, ch.id), '')), 16)
    from ${chartCollections} cc left join ${charts} ch on ch.collection_id = cc.id
    where cc.geocontent_id = ${gcId})`;
}

export async function findChartVersion(db: DbOrTx, gcId: number): Promise<string> {
  const [row] = await db
    .select({ version: versionOf(gcId) })
    .from(geocontents)
    .where(eq(geocontents.id, gcId))
    .limit(1);
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
      version: versionOf(mapTasks.geocontentId),
    })
    .from(mapTasks)
    .innerJoin(geocontents, eq(geocontents.id, mapTasks.geocontentId))
    .innerJoin(providers, and(eq(providers.id, geocontents.providerId), eq(providers.ownerUserId, mapTasks.userId)))
    .where(eq(mapTasks.taskId, taskId))
    .limit(1);
  return row;
}

/** The cells and S-102 grids of a geocontent, as the map needs them. */
export async function listMapCharts(db: DbOrTx, gcId: number) {
  return db
    .select({
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
      coverage: charts.coverage,
      blobKeys: charts.blobKeys,
      updatedAt: charts.updatedAt,
    })
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(eq(chartCollections.geocontentId, gcId))
    .orderBy(asc(chartCollections.kind), asc(charts.name));
}
export type MapChartRow = Awaited<ReturnType<typeof listMapCharts>>[number];
