import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations } from '../../db/schema/index.js';

// Activation codes: made by POST /api/installation/activate, redeemed by the device
// (device-api/redeem.service.ts, which locks the row with `lockActivationByCode`).

export async function insertActivation(db: DbOrTx, values: typeof activations.$inferInsert) {
  const [row] = await db.insert(activations).values(values).returning();
  return row!;
}

/** A code made without an account becomes the redeeming user's. */
export async function setActivationOwner(db: DbOrTx, activationId: number, userId: number): Promise<void> {
  await db.update(activations).set({ userId }).where(eq(activations.id, activationId));
}
