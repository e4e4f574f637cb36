import type { CreateCustomProductBody, CustomProduct, CustomProductUser } from '@chartroom/contracts/custom-products';
import { customProductMonths } from '@chartroom/contracts/policies/custom-products.policy';
import type { Db } from '../../db/client.js';
import type { customProductItems, customProducts } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { addMonths } from '../../lib/dates.js';
import type { Actor } from '../../plugins/auth.js';
import { ensureUserAccount } from '../auth/auth.service.js';
import { requireDistributor } from '../distributor-permits/distributor-permits.service.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import {
  deleteCustomProduct,
  deleteCustomProductItem,
  insertCustomProduct,
  listCustomProductsOfUser,
  listCustomProductUsers,
} from './custom-products.repository.js';

function toCustomProduct(row: {
  product: typeof customProducts.$inferSelect;
  items: (typeof customProductItems.$inferSelect)[];
}): CustomProduct {
  return {
    productId: row.product.id,
    title: row.product.title,
    issuedAt: row.product.issuedAt.toISOString(),
    expiredAt: row.product.expiredAt?.toISOString() ?? null,
    productItems: row.items.map((i) => ({ id: i.id, type: i.type, url: i.url })),
  };
}

export async function listUsers(opts: { db: Db; actor: Actor }): Promise<CustomProductUser[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  return listCustomProductUsers(opts.db, d.id);
}

/** Finds users of this distributor's custom products by e-mail: other users' existence is not revealed. */
export async function searchUsersByEmail(opts: { db: Db; actor: Actor; email: string }): Promise<CustomProductUser[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  const needle = opts.email.toLowerCase();
  return (await listCustomProductUsers(opts.db, d.id)).filter((u) => u.email.includes(needle));
}

/** A user's custom products from this distributor; an id of no account at all is 404. */
export async function listUserProducts(opts: { db: Db; actor: Actor; userId: number }): Promise<CustomProduct[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  const rows = await listCustomProductsOfUser(opts.db, d.id, opts.userId);
  if (rows.length === 0 && !(await findUserById(opts.db, opts.userId))) throw notFound('user');
  return rows.map(toCustomProduct);
}

/** Creates a custom product for an e-mail; an e-mail without an account gets one. */
export async function createCustomProduct(opts: { db: Db; actor: Actor; input: CreateCustomProductBody; publicUrl: string }) {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const d = await requireDistributor(tx, actor);
    const user = (await findUserByEmail(tx, input.email)) ?? (await ensureUserAccount(tx, input.email, opts.publicUrl));
    const issuedAt = new Date();
    const created = await insertCustomProduct(
      tx,
      { distributorId: d.id, userId: user.id, title: input.title, issuedAt, expiredAt: addMonths(issuedAt, customProductMonths) },
      input.productItems,
    );
    return { user: { userId: user.id, email: user.email }, product: toCustomProduct(created) };
  });
}

export async function removeCustomProduct(opts: { db: Db; actor: Actor; id: number }) {
  const d = await requireDistributor(opts.db, opts.actor);
  if (!(await deleteCustomProduct(opts.db, d.id, opts.id))) throw notFound('custom_product');
}

export async function removeCustomProductItem(opts: { db: Db; actor: Actor; id: number; itemId: number }) {
  const d = await requireDistributor(opts.db, opts.actor);
  if (!(await deleteCustomProductItem(opts.db, d.id, opts.id, opts.itemId))) throw notFound('custom_product_item');
}
