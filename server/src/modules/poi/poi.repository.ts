import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, poiReleases, pois, providers } from '../../db/schema/index.js';

export type PoiRow = typeof pois.$inferSelect;
export type PoiReleaseRow = typeof poiReleases.$inferSelect;

export async function listPois(db: DbOrTx, geocontentId: number): Promise<PoiRow[]> {
  return db.select().from(pois).where(eq(pois.geocontentId, geocontentId)).orderBy(asc(pois.id));
}

export async function insertPoi(db: DbOrTx, values: typeof pois.$inferInsert): Promise<PoiRow> {
  const [row] = await db.insert(pois).values(values).returning();
  return row!;
}

/** The point when its geocontent belongs to a provider this user owns. */
export async function findOwnedPoi(db: DbOrTx, ownerUserId: number, id: number): Promise<PoiRow | undefined> {
  const [row] = await db
    .select({ poi: pois })
    .from(pois)
    .innerJoin(geocontents, eq(geocontents.id, pois.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(pois.id, id), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.poi;
}

export async function updatePoi(db: DbOrTx, id: number, values: Partial<typeof pois.$inferInsert>): Promise<PoiRow> {
  const [row] = await db
    .update(pois)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pois.id, id))
    .returning();
  return row!;
}

export async function deletePoi(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pois).where(eq(pois.id, id));
}

export async function insertPoiRelease(db: DbOrTx, values: typeof poiReleases.$inferInsert): Promise<PoiReleaseRow> {
  const [row] = await db.insert(poiReleases).values(values).returning();
  return row!;
}

export async function listPoiReleases(db: DbOrTx, geocontentId: number) {
  return db
    .select({ id: poiReleases.id, timestamp: poiReleases.timestamp, itemsCount: poiReleases.itemsCount })
    .from(poiReleases)
    .where(eq(poiReleases.geocontentId, geocontentId))
    .orderBy(desc(poiReleases.timestamp), desc(poiReleases.id));
}

export async function findOwnedPoiRelease(db: DbOrTx, ownerUserId: number, id: number): Promise<PoiReleaseRow | undefined> {
  const [row] = await db
    .select({ release: poiReleases })
    .from(poiReleases)
    .innerJoin(geocontents, eq(geocontents.id, poiReleases.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(poiReleases.id, id), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.release;
}
