import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { distributorPermits, distributors, geocontents, products, providers } from '../../db/schema/index.js';

const permitColumns = {
  permit: distributorPermits,
  product: products,
  geocontent: geocontents,
  provider: providers,
  distributor: distributors,
};

function selectPermits(db: DbOrTx) {
  return db
    .select(permitColumns)
    .from(distributorPermits)
    .innerJoin(products, eq(products.id, distributorPermits.productId))
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .innerJoin(distributors, eq(distributors.id, distributorPermits.distributorId));
}
export type PermitJoined = Awaited<ReturnType<typeof listPermitsOfGeocontent>>[number];

export async function listPermitsOfGeocontent(db: DbOrTx, gcId: number) {
  return selectPermits(db).where(eq(products.geocontentId, gcId)).orderBy(asc(distributorPermits.id));
}

export async function listPermitsOfDistributor(db: DbOrTx, distributorId: number, statuses?: string[]) {
  const where = statuses
    ? and(eq(distributorPermits.distributorId, distributorId), inArray(distributorPermits.status, statuses))
    : eq(distributorPermits.distributorId, distributorId);
  return selectPermits(db).where(where).orderBy(asc(providers.title), asc(geocontents.title), asc(products.licType));
}

export async function findPermit(db: DbOrTx, permitId: number) {
  const [row] = await selectPermits(db).where(eq(distributorPermits.id, permitId));
  return row;
}

/** Locks a request of one of the provider's products (the owner is in the query). */
export async function lockOwnedPermit(tx: DbOrTx, ownerUserId: number, permitId: number) {
  const [row] = await tx
    .select({ permit: distributorPermits, geocontentId: products.geocontentId })
    .from(distributorPermits)
    .innerJoin(products, eq(products.id, distributorPermits.productId))
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(distributorPermits.id, permitId), eq(providers.ownerUserId, ownerUserId)))
    .for('update', { of: distributorPermits });
  return row;
}

/** The distributor's permit for a product, locked against a concurrent status change. */
export async function lockDistributorPermit(tx: DbOrTx, distributorId: number, productId: number) {
  const [row] = await tx
    .select()
    .from(distributorPermits)
    .where(and(eq(distributorPermits.distributorId, distributorId), eq(distributorPermits.productId, productId)))
    .for('share');
  return row;
}

export async function insertPermit(db: DbOrTx, distributorId: number, productId: number) {
  const [row] = await db
    .insert(distributorPermits)
    .values({ distributorId, productId, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updatePermitStatus(db: DbOrTx, permitId: number, status: string) {
  await db.update(distributorPermits).set({ status, updatedAt: new Date() }).where(eq(distributorPermits.id, permitId));
}

export async function findDistributorByUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(distributors).where(eq(distributors.mainUserId, userId)).limit(1);
  return row;
}
