import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, providers } from '../../db/schema/index.js';

export async function findProviderByOwner(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(providers).where(eq(providers.ownerUserId, userId)).limit(1);
  return row;
}

export async function insertProvider(db: DbOrTx, values: { title: string; ownerUserId: number }) {
  const [row] = await db.insert(providers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertGeocontent(db: DbOrTx, values: { providerId: number; title: string }) {
  const [row] = await db.insert(geocontents).values(values).returning();
  return row!;
}

export async function listGeocontents(db: DbOrTx, providerId: number) {
  return db.select().from(geocontents).where(eq(geocontents.providerId, providerId)).orderBy(asc(geocontents.id));
}

/** The geocontent when the provider run by this user owns it: one query, the owner in its WHERE. */
export async function findGeocontentOwnedByUser(db: DbOrTx, userId: number, gcId: number) {
  const [row] = await db
    .select({ geocontent: geocontents })
    .from(geocontents)
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(geocontents.id, gcId), eq(providers.ownerUserId, userId)))
    .limit(1);
  return row?.geocontent;
}
