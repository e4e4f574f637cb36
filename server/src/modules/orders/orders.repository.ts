import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agreements, distributors, orderItems, orders, transactions, users, type OrderRow } from '../../db/schema/index.js';

export async function findOrderByKey(db: DbOrTx, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** Inserts the order unless this user already used the key; undefined then (the caller replays the first). */
export async function insertOrderOnce(db: DbOrTx, values: typeof orders.$inferInsert) {
  const [row] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  return row;
}

export async function insertOrderItems(db: DbOrTx, values: (typeof orderItems.$inferInsert)[]) {
  return db.insert(orderItems).values(values).returning();
}

export async function listOrderItems(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
}

/** Orders with their user's e-mail and agreement, newest first; one more than `limit` tells of a next page. */
export async function selectOrders(db: DbOrTx, where: SQL, opts: { limit: number; offset: number }) {
  return db
    .select({ order: orders, email: users.email, agreementName: agreements.name, distributorName: distributors.title })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(agreements, eq(agreements.id, orders.agreementId))
    .leftJoin(distributors, eq(distributors.id, orders.distributorId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(opts.limit)
    .offset(opts.offset);
}
export type OrderJoined = Awaited<ReturnType<typeof selectOrders>>[number];

/** How many orders `where` selects (the same joins as selectOrders, so the e-mail filter applies). */
export async function countOrders(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  return Number(row?.total ?? 0);
}

export interface OrderFilters {
  userEmail?: string | null | undefined;
  agreementId?: number | null | undefined;
  status?: string | null | undefined;
  paymentMethod?: string | null | undefined;
  orderId?: number | null | undefined;
}

/** The desk's filters; the e-mail matches any part, case-insensitively. */
export function orderFilterConditions(f: OrderFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.userEmail) conditions.push(ilike(users.email, `%${f.userEmail.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.agreementId) conditions.push(eq(orders.agreementId, f.agreementId));
  if (f.status) conditions.push(eq(orders.status, f.status));
  if (f.paymentMethod) conditions.push(eq(orders.paymentMethod, f.paymentMethod));
  if (f.orderId) conditions.push(eq(orders.id, f.orderId));
  return conditions;
}

/**
 * Claims the move: one conditional UPDATE decides the single winner among concurrent process/cancel
 * calls. Undefined when the order is not the desk's or not in one of `from`.
 */
export async function moveOrderStatus(
  db: DbOrTx,
  opts: { orderId: number; distributorIds: number[]; from: readonly string[]; to: string },
) {
  if (opts.distributorIds.length === 0) return undefined;
  const [row] = await db
    .update(orders)
    .set({ status: opts.to, updatedAt: new Date() })
    .where(and(eq(orders.id, opts.orderId), inArray(orders.distributorId, opts.distributorIds), inArray(orders.status, [...opts.from])))
    .returning();
  return row;
}

export async function findDeskOrder(db: DbOrTx, orderId: number, distributorIds: number[]): Promise<OrderRow | undefined> {
  if (distributorIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.distributorId, distributorIds)));
  return row;
}

export async function findOrderCharge(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, 'charge')));
  return row;
}
