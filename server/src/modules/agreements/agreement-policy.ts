import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agreements, distributorMembers, distributors } from '../../db/schema/index.js';
import type { Actor } from '../../plugins/auth.js';

// Who may touch what (decision 0011): a distributor's main user manages its agreements; its members
// work its order desk; an agreement's supervisor reads it and its ledger. Everyone else gets 404.

/** The distributors the actor runs (as main user). */
export async function listRunDistributorIds(db: DbOrTx, actor: Pick<Actor, 'id'>): Promise<number[]> {
  const rows = await db.select({ id: distributors.id }).from(distributors).where(eq(distributors.mainUserId, actor.id));
  return rows.map((r) => r.id);
}

/** The distributors whose orders the actor may see and move: those it runs and those it is a member of. */
export async function listDeskDistributorIds(db: DbOrTx, actor: Pick<Actor, 'id'>): Promise<number[]> {
  const rows = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(
      or(
        eq(distributors.mainUserId, actor.id),
        inArray(
          distributors.id,
          db.select({ id: distributorMembers.distributorId }).from(distributorMembers).where(eq(distributorMembers.userId, actor.id)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** WHERE for agreements the actor manages (its distributor's). */
export function managedAgreement(actor: Pick<Actor, 'id'>): SQL {
  return inArray(
    agreements.distributorId,
    sql`(SELECT ${distributors.id} FROM ${distributors} WHERE ${distributors.mainUserId} = ${actor.id})`,
  );
}

/** WHERE for agreements the actor may read: managed ones and those it supervises. */
export function readableAgreement(actor: Pick<Actor, 'id'>): SQL {
  return or(managedAgreement(actor), eq(agreements.supervisorId, actor.id))!;
}

export function managedAgreementById(actor: Pick<Actor, 'id'>, agreementId: number): SQL {
  return and(eq(agreements.id, agreementId), managedAgreement(actor))!;
}

/** WHERE for one agreement, whoever asks (for reads after a check that already passed). */
export function agreementById(agreementId: number): SQL {
  return eq(agreements.id, agreementId);
}

export function readableAgreementById(actor: Pick<Actor, 'id'>, agreementId: number): SQL {
  return and(eq(agreements.id, agreementId), readableAgreement(actor))!;
}
