import type { DbOrTx } from '../../db/client.js';
import { distributors } from '../../db/schema/index.js';

/** Inserts the user's distributor; undefined when the user already has one (one per main user). */
export async function insertDistributor(db: DbOrTx, values: { title: string; mainUserId: number }) {
  const [created] = await db.insert(distributors).values(values).onConflictDoNothing().returning();
  return created;
}
