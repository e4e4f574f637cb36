import type { DistributorPermit, PermitDecision } from '@chartroom/contracts/licensing';
import { canDecidePermit, permitTransitions } from '@chartroom/contracts/policies/distributor-permits.policy';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { asPermitStatus, toPermit } from './permits.presenter.js';
import { findPermit, listPermitsOfGeocontent, lockOwnedPermit, updatePermitStatus } from './permits.repository.js';

export async function listPermitRequests(opts: { db: Db; actor: Actor; gcId: number }): Promise<DistributorPermit[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.gcId);
  return (await listPermitsOfGeocontent(opts.db, gc.id)).map(toPermit);
}

/** The provider decides on a distributor's request, only along the allowed transitions (spec §4). */
export async function changePermitStatus(opts: {
  db: Db;
  actor: Actor;
  input: { reqid: number; status: PermitDecision };
  ip: string | null;
}) {
  const { db, actor, input } = opts;
  await db.transaction(async (tx) => {
    const owned = await lockOwnedPermit(tx, actor.id, input.reqid);
    if (!owned) throw notFound('distributor_request');
    const from = asPermitStatus(owned.permit.status);
    if (!canDecidePermit(from, input.status)) {
      const allowed = permitTransitions[from];
      throw new AppError(
        'conflict',
        allowed.length === 0
          ? `A ${from} request is final and cannot become ${input.status}`
          : `A ${from} request can become ${allowed.join(' or ')}, not ${input.status}`,
      );
    }
    await updatePermitStatus(tx, owned.permit.id, input.status);
    await recordAudit(tx, {
      actor,
      action: 'permit.status',
      geocontentId: owned.geocontentId,
      subject: {
        permitId: owned.permit.id,
        productId: owned.permit.productId,
        distributorId: owned.permit.distributorId,
        from,
        to: input.status,
      },
      ip: opts.ip,
    });
  });
  return toPermit((await findPermit(db, input.reqid))!);
}
