import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, mapTasks } from '../../db/schema/index.js';

export async function insertMapTask(db: DbOrTx, values: { taskId: string; geocontentId: number; userId: number }) {
  const [row] = await db.insert(mapTasks).values(values).returning();
  return row!;
}

export async function findMapTask(db: DbOrTx, taskId: string) {
  const [row] = await db
    .select({ taskId: mapTasks.taskId, userId: mapTasks.userId, geocontentId: geocontents.id, title: geocontents.title, createdAt: mapTasks.createdAt })
    .from(mapTasks)
    .innerJoin(geocontents, eq(geocontents.id, mapTasks.geocontentId))
    .where(eq(mapTasks.taskId, taskId))
    .limit(1);
  return row;
}
