import type { DistributorMe } from '@chartroom/contracts/providers';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { findDistributorByUser } from '../distributor-permits/permits.repository.js';
import { grantRole } from '../users/users.repository.js';
import { insertDistributor } from './distributors.repository.js';

/** Registers the actor as a distributor and grants its roles (distributor, distributor2, order-manager), in one transaction; a second try is a conflict. */
export async function createDistributor(opts: { db: Db; actor: Actor; input: { title: string } }): Promise<DistributorMe> {
  const { db, actor } = opts;
  const row = await db.transaction(async (tx) => {
    const created = await insertDistributor(tx, { title: opts.input.title, mainUserId: actor.id });
    if (!created) throw new AppError('already_distributor', 'You are already registered as a distributor');
    await grantRole(tx, actor.id, 'distributor');
    // The new distributor area and the order desk are the distributor's too (spec §2).
    await grantRole(tx, actor.id, 'distributor2');
    await grantRole(tx, actor.id, 'order-manager');
    return created;
  });
  return { id: row.id, title: row.title, mainUser: { email: actor.email } };
}

/** The actor's distributor, or not_found before it has registered as one. */
export async function getDistributorMe(opts: { db: Db; actor: Actor }): Promise<DistributorMe> {
  const row = await findDistributorByUser(opts.db, opts.actor.id);
  if (!row) throw new AppError('not_found', 'You have no distributor yet: register as a distributor first');
  return { id: row.id, title: row.title, mainUser: { email: opts.actor.email } };
}
