import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, providers, rawDepths } from '../../db/schema/index.js';

export type RawDepthRow = typeof rawDepths.$inferSelect;

export async function insertRawDepth(db: DbOrTx, values: typeof rawDepths.$inferInsert): Promise<RawDepthRow> {
  const [row] = await db.insert(rawDepths).values(values).returning();
  return row!;
}

export async function listRawDepths(db: DbOrTx, geocontentId: number): Promise<RawDepthRow[]> {
  return db.select().from(rawDepths).where(eq(rawDepths.geocontentId, geocontentId)).orderBy(desc(rawDepths.timestamp), desc(rawDepths.id));
}

/** The file when its geocontent belongs to a provider this user owns. */
export async function findOwnedRawDepth(db: DbOrTx, ownerUserId: number, id: number): Promise<RawDepthRow | undefined> {
  const [row] = await db
    .select({ raw: rawDepths })
    .from(rawDepths)
    .innerJoin(geocontents, eq(geocontents.id, rawDepths.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(rawDepths.id, id), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.raw;
}

export async function setRawDepthPublished(db: DbOrTx, id: number, isPublished: boolean): Promise<void> {
  await db.update(rawDepths).set({ isPublished }).where(eq(rawDepths.id, id));
}

export async function deleteRawDepth(db: DbOrTx, id: number): Promise<void> {
  await db.delete(rawDepths).where(eq(rawDepths.id, id));
}
