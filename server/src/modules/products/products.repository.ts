import { and, asc, eq, inArray } from 'drizzle-orm';
import { licensableLicTypes } from '@chartroom/contracts/policies/products.policy';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, products, providers, type ProductRow } from '../../db/schema/index.js';

export async function listProductsOfGeocontents(db: DbOrTx, gcIds: number[]): Promise<ProductRow[]> {
  if (gcIds.length === 0) return [];
  return db.select().from(products).where(inArray(products.geocontentId, gcIds)).orderBy(asc(products.id));
}

export async function findProductByType(db: DbOrTx, gcId: number, licType: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.geocontentId, gcId), eq(products.licType, licType)))
    .limit(1);
  return row;
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProduct(db: DbOrTx, id: number, values: Partial<typeof products.$inferInsert>) {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row!;
}

/** A product with its geocontent and provider: who owns it and how it is titled. */
export async function findProductWithOrigin(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ product: products, geocontent: geocontents, provider: providers })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** The product when the provider owned by `ownerUserId` owns it; the owner is in the query. */
export async function findOwnedProduct(db: DbOrTx, ownerUserId: number, productId: number) {
  const [row] = await db
    .select({ product: products, geocontent: geocontents, provider: providers })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(products.id, productId), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row;
}

/** Every enabled licensable (com, corp, individual) product of every provider, with its origin. */
export async function listSellableProducts(db: DbOrTx) {
  return db
    .select({ product: products, geocontent: geocontents, provider: providers })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(products.isEnabled, true), inArray(products.licType, [...licensableLicTypes])))
    .orderBy(asc(providers.title), asc(geocontents.title), asc(products.licType));
}
