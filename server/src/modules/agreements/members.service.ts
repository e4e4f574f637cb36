import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findUserByEmail, grantRole } from '../users/users.repository.js';
import {
  deleteDistributorMember,
  dropOrderManagerRoleIfUnused,
  findDistributorOfMainUser,
  insertDistributorMember,
  listDistributorMembers,
} from './members.repository.js';

// A distributor's members: people it adds by e-mail as order managers of its orders.

async function requireOwnDistributor(db: Db, actor: Actor) {
  const row = await findDistributorOfMainUser(db, actor.id);
  if (!row) throw notFound('distributor');
  return row;
}

export async function listMembers({ db, actor }: { db: Db; actor: Actor }) {
  const distributor = await requireOwnDistributor(db, actor);
  const rows = await listDistributorMembers(db, distributor.id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function addMember({ db, actor, email, ip }: { db: Db; actor: Actor; email: string; ip: string | null }) {
  const distributor = await requireOwnDistributor(db, actor);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('no_such_user', 'No such user!');
  await db.transaction(async (tx) => {
    const row = await insertDistributorMember(tx, distributor.id, user.id);
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
    const row = await deleteDistributorMember(tx, distributor.id, userId);
    if (!row) throw notFound('member');
    await dropOrderManagerRoleIfUnused(tx, userId);
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
