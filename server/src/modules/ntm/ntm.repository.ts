import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, ntms, providers } from '../../db/schema/index.js';

export type NtmRow = typeof ntms.$inferSelect;

export async function insertNtm(db: DbOrTx, values: typeof ntms.$inferInsert): Promise<NtmRow> {
  const [row] = await db.insert(ntms).values(values).returning();
  return row!;
}

export async function listNtms(db: DbOrTx, geocontentId: number): Promise<NtmRow[]> {
  return db.select().from(ntms).where(eq(ntms.geocontentId, geocontentId)).orderBy(desc(ntms.addDate), desc(ntms.id));
}

/** The NTM when its geocontent belongs to a provider this user owns; the owner is in the query. */
export async function findOwnedNtm(db: DbOrTx, ownerUserId: number, id: number): Promise<NtmRow | undefined> {
  const [row] = await db
    .select({ ntm: ntms })
    .from(ntms)
    .innerJoin(geocontents, eq(geocontents.id, ntms.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(ntms.id, id), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.ntm;
}

export async function deleteNtm(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ntms).where(eq(ntms.id, id));
}
