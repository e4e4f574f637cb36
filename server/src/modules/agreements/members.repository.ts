import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { distributorMembers, distributors, users } from '../../db/schema/index.js';

// The rows behind a distributor's members (members.service.ts): people a distributor adds by
// e-mail as order managers of its orders.

export async function findDistributorOfMainUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(distributors).where(eq(distributors.mainUserId, userId));
  return row;
}

export async function listDistributorMembers(db: DbOrTx, distributorId: number) {
  return db
    .select({ userId: distributorMembers.userId, email: users.email, createdAt: distributorMembers.createdAt })
    .from(distributorMembers)
    .innerJoin(users, eq(users.id, distributorMembers.userId))
    .where(eq(distributorMembers.distributorId, distributorId))
    .orderBy(distributorMembers.id);
}

/** The new membership, or undefined when the user already is a member. */
export async function insertDistributorMember(db: DbOrTx, distributorId: number, userId: number) {
  const [row] = await db.insert(distributorMembers).values({ distributorId, userId }).onConflictDoNothing().returning();
  return row;
}

/** The removed membership, or undefined when there was none. */
export async function deleteDistributorMember(db: DbOrTx, distributorId: number, userId: number) {
  const [row] = await db
    .delete(distributorMembers)
    .where(and(eq(distributorMembers.distributorId, distributorId), eq(distributorMembers.userId, userId)))
    .returning();
  return row;
}

/** The order-manager role goes with the last membership, unless the user runs a distributor of its own. */
export async function dropOrderManagerRoleIfUnused(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE ${users} SET roles = array_remove(${users.roles}, 'order-manager')
     WHERE ${users.id} = ${userId}
       AND NOT EXISTS (SELECT 1 FROM ${distributorMembers} WHERE ${distributorMembers.userId} = ${userId})
       AND NOT EXISTS (SELECT 1 FROM ${distributors} WHERE ${distributors.mainUserId} = ${userId})`);
}
