import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customProductItems, customProducts, users } from '../../db/schema/index.js';

/** Users that hold at least one of this distributor's custom products. */
export async function listCustomProductUsers(db: DbOrTx, distributorId: number) {
  return db
    .selectDistinct({ userId: users.id, email: users.email })
    .from(customProducts)
    .innerJoin(users, eq(users.id, customProducts.userId))
    .where(eq(customProducts.distributorId, distributorId))
    .orderBy(asc(users.email));
}

export async function listCustomProductsOfUser(db: DbOrTx, distributorId: number, userId: number) {
  const rows = await db
    .select()
    .from(customProducts)
    .where(and(eq(customProducts.distributorId, distributorId), eq(customProducts.userId, userId)))
    .orderBy(desc(customProducts.issuedAt), desc(customProducts.id));
  const items = rows.length
    ? await db
        .select()
        .from(customProductItems)
        .where(
          inArray(
            customProductItems.customProductId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(customProductItems.id))
    : [];
  return rows.map((r) => ({ product: r, items: items.filter((i) => i.customProductId === r.id) }));
}

export async function insertCustomProduct(db: DbOrTx, values: typeof customProducts.$inferInsert, items: { type: string; url: string }[]) {
  const [row] = await db.insert(customProducts).values(values).returning();
  const inserted = await db
    .insert(customProductItems)
    .values(items.map((i) => ({ ...i, customProductId: row!.id })))
    .returning();
  return { product: row!, items: inserted };
}

export async function deleteCustomProduct(db: DbOrTx, distributorId: number, id: number) {
  const [row] = await db
    .delete(customProducts)
    .where(and(eq(customProducts.id, id), eq(customProducts.distributorId, distributorId)))
    .returning();
  return row;
}

/** Deletes an item when its product belongs to this distributor. */
export async function deleteCustomProductItem(db: DbOrTx, distributorId: number, productId: number, itemId: number) {
  const [owned] = await db
    .select({ id: customProducts.id })
    .from(customProducts)
    .where(and(eq(customProducts.id, productId), eq(customProducts.distributorId, distributorId)));
  if (!owned) return undefined;
  const [row] = await db
    .delete(customProductItems)
    .where(and(eq(customProductItems.id, itemId), eq(customProductItems.customProductId, owned.id)))
    .returning();
  return row;
}
