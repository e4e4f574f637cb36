import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export async function listEndpoints(db: DbOrTx, distributorId: number) {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.distributorId, distributorId)).orderBy(webhookEndpoints.id);
}

export async function listEndpointsOfDistributors(db: DbOrTx, distributorIds: number[]) {
  if (distributorIds.length === 0) return [];
  return db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.distributorId, distributorIds));
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, distributorId: number, id: number) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.distributorId, distributorId)))
    .returning();
  return row;
}

export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDeliveryWithEndpoint(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function updateDelivery(db: DbOrTx, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** Marks the delivery delivered now (the database's clock), after `attempts` tries. */
export async function markDeliveryDelivered(db: DbOrTx, id: number, values: { attempts: number; lastStatus: number | null }) {
  await db
    .update(webhookDeliveries)
    .set({ ...values, lastError: null, state: 'delivered', deliveredAt: sql`now()` })
    .where(eq(webhookDeliveries.id, id));
}

/** The distributor's delivery log, newest first. */
export async function listDeliveries(db: DbOrTx, distributorId: number, limit: number) {
  return db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookEndpoints.distributorId, distributorId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
