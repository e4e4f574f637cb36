import { and, eq, exists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, geocontents, products } from '../../db/schema/index.js';

/** Published = in a geocontent with at least one enabled product. */
const isPublished = (db: DbOrTx) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.geocontentId, chartCollections.geocontentId), eq(products.isEnabled, true))),
  );

export async function countPublishedCatalogue(db: DbOrTx) {
  const [row] = await db
    .select({
      encCharts: sql<number>`count(*) filter (where ${chartCollections.kind} = 'enc')::int`,
      s102Grids: sql<number>`count(*) filter (where ${chartCollections.kind} = 's102')::int`,
      providers: sql<number>`count(distinct ${geocontents.providerId})::int`,
      west: sql<number | null>`min(${charts.west})`,
      south: sql<number | null>`min(${charts.south})`,
      east: sql<number | null>`max(${charts.east})`,
      north: sql<number | null>`max(${charts.north})`,
    })
    .from(charts)
    .innerJoin(chartCollections, eq(charts.collectionId, chartCollections.id))
    .innerJoin(geocontents, eq(chartCollections.geocontentId, geocontents.id))
    .where(isPublished(db));
  return row!;
}
