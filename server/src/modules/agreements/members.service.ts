import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { distributorMembers, distributors, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findUserByEmail, grantRole } from '../users/users.repository.js';

// A distributor's members: people it adds by e-mail as order managers of its orders.

async function requireOwnDistributor(db: Db, actor: Actor) {
  const [row] = await db.select().from(distributors).where(eq(distributors.mainUserId, actor.id));
  if (!row) throw notFound('distributor');
  return row;
}

export async function listMembers({ db, actor }: { db: Db; actor: Actor }) {
  const distributor = await requireOwnDistributor(db, actor);
  const rows = await db
    .select({ userId: distributorMembers.userId, email: users.email, createdAt: distributorMembers.createdAt })
    .from(distributorMembers)
    .innerJoin(users, eq(users.id, distributorMembers.userId))
    .where(eq(distributorMembers.distributorId, distributor.id))
    .orderBy(distributorMembers.id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function addMember({ db, actor, email, ip }: { db: Db; actor: Actor; email: string; ip: string | null }) {
  const distributor = await requireOwnDistributor(db, actor);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('no_such_user', 'No such user!');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(distributorMembers)
      .values({ distributorId: distributor.id, userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('already_member', `${user.email} is already an order manager of ${distributor.title}`, {
        params: { email: user.email, distributor: distributor.title },
      });
    await grantRole(tx, user.id, 'order-manager');
    await recordAudit(tx, {
      actor,
      action: 'distributor.member-add',
      geocontentId: null,
      subject: { distributorId: distributor.id, userId: user.id },
      ip,
    });
  });
  return listMembers({ db, actor });
}

export async function removeMember({ db, actor, userId, ip }: { db: Db; actor: Actor; userId: number; ip: string | null }) {
  const distributor = await requireOwnDistributor(db, actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(distributorMembers)
      .where(and(eq(distributorMembers.distributorId, distributor.id), eq(distributorMembers.userId, userId)))
      .returning();
    if (!row) throw notFound('member');
    // The role goes with the last membership, unless the user runs a distributor of its own.
    await tx.execute(sql`
      UPDATE ${users} SET roles = array_remove(${users.roles}, 'order-manager')
       WHERE ${users.id} = ${userId}
         AND NOT EXISTS (SELECT 1 FROM ${distributorMembers} WHERE ${distributorMembers.userId} = ${userId})
         AND NOT EXISTS (SELECT 1 FROM ${distributors} WHERE ${distributors.mainUserId} = ${userId})`);
    await recordAudit(tx, {
      actor,
      action: 'distributor.member-remove',
      geocontentId: null,
      subject: { distributorId: distributor.id, userId },
      ip,
    });
  });
  return listMembers({ db, actor });
}
