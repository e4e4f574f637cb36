import type { DbOrTx } from '../../db/client.js';
import { mapTasks } from '../../db/schema/index.js';

export async function insertMapTask(db: DbOrTx, values: { taskId: string; geocontentId: number; userId: number }) {
  const [row] = await db.insert(mapTasks).values(values).returning();
  return row!;
}
