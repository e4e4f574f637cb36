import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  agreements,
  distributors,
  orderItems,
  orders,
  paymentEvents,
  transactions,
  trialClaims,
  users,
  type OrderRow,
} from '../../db/schema/index.js';

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

/** Whose orders a page lists: a desk's distributors', or one agreement's. */
export type OrderScope = { distributorIds: number[] } | { agreementId: number };

/** WHERE for a page of orders: the scope and the desk's filters. */
export function orderPageWhere(scope: OrderScope, filters: OrderFilters): SQL {
  const scoped = 'agreementId' in scope ? eq(orders.agreementId, scope.agreementId) : inArray(orders.distributorId, scope.distributorIds);
  return and(scoped, ...orderFilterConditions(filters))!;
}

/** WHERE for an order under an agreement this user supervises (the fleet owner's side, decision 0011). */
function supervisedOrder(supervisorId: number, orderId: number): SQL {
  return and(
    eq(orders.id, orderId),
    inArray(orders.agreementId, sql`(SELECT ${agreements.id} FROM ${agreements} WHERE ${agreements.supervisorId} = ${supervisorId})`),
  )!;
}

/** The supervisor's approval: one conditional UPDATE new → owner_approved; undefined when it did not apply. */
export async function approveSupervisedOrder(db: DbOrTx, supervisorId: number, orderId: number): Promise<OrderRow | undefined> {
  const [won] = await db
    .update(orders)
    .set({ status: 'owner_approved', updatedAt: new Date() })
    .where(and(supervisedOrder(supervisorId, orderId), eq(orders.status, 'new')))
    .returning();
  return won;
}

/** The status of an order under an agreement this user supervises; undefined for any other order. */
export async function findSupervisedOrderStatus(db: DbOrTx, supervisorId: number, orderId: number): Promise<string | undefined> {
  const [found] = await db.select({ status: orders.status }).from(orders).where(supervisedOrder(supervisorId, orderId));
  return found?.status;
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

/** Records a payment provider's event once: false when this event id was seen before (a redelivery). */
export async function recordPaymentEvent(db: DbOrTx, values: { provider: string; eventId: string; orderId: number }): Promise<boolean> {
  const [fresh] = await db.insert(paymentEvents).values(values).onConflictDoNothing().returning();
  return fresh !== undefined;
}

/** Locks the order (SELECT … FOR UPDATE) when it is paid through this provider. */
export async function lockOrderPaidBy(db: DbOrTx, orderId: number, provider: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, provider)))
    .for('update');
  return row;
}

export async function setOrderStatus(db: DbOrTx, orderId: number, status: string): Promise<void> {
  await db.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** Claims a product's trial for the user, once: false when it was claimed before. */
export async function claimTrial(db: DbOrTx, values: { userId: number; product: string; orderId: number }): Promise<boolean> {
  const [claim] = await db.insert(trialClaims).values(values).onConflictDoNothing().returning();
  return claim !== undefined;
}

/** One of the user's own orders; undefined for anyone else's. */
export async function findUserOrder(db: DbOrTx, userId: number, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}
