// Agreements (decision 0011): the main user of the agreement's distributor manages it (rates, users,
// limits, top-ups and adjustments); its supervisor only reads it, its users, limits and ledger. The
// server puts the same rule in every query's WHERE (agreement-policy.ts), so anyone else gets 404.
import type { PolicyUser } from './policy-user.js';

type AgreementOwner = { distributor: { mainUser: { id: number } } };

/** Whether the user may change the agreement; the web shows edit controls by it. */
export function canManageAgreement(user: Pick<PolicyUser, 'id'> | null, agreement: AgreementOwner): boolean {
  return user !== null && user.id === agreement.distributor.mainUser.id;
}

/** Whether the user may read the agreement, its users, limits and transactions. */
export function canReadAgreement(
  user: Pick<PolicyUser, 'id'> | null,
  agreement: AgreementOwner & { supervisorId: number | null },
): boolean {
  return canManageAgreement(user, agreement) || (user !== null && user.id === agreement.supervisorId);
}
