import type { OrderStatus, PaymentMethod } from '@chartroom/contracts/constants';
import type { OrderWrapper } from '@chartroom/contracts/orders';

/** The filters above the orders list (spec §2 Orders); empty means "any". */
export type OrderListFilters = {
  userEmail: string;
  status: OrderStatus | null;
  paymentMethod: PaymentMethod | null;
  agreementId: number | null;
};

export const emptyOrderFilters: OrderListFilters = { userEmail: '', status: null, paymentMethod: null, agreementId: null };

export type AgreementOption = { id: number; name: string };

/** The agreement filter's choices: the caller's agreements and any other agreement its orders name. */
export function listAgreementOptions(agreements: readonly AgreementOption[], entries: readonly OrderWrapper[]): AgreementOption[] {
  const byId = new Map<number, AgreementOption>(agreements.map((a) => [a.id, { id: a.id, name: a.name }]));
  for (const entry of entries) {
    if (entry.agreement && !byId.has(entry.agreement.agreementId))
      byId.set(entry.agreement.agreementId, { id: entry.agreement.agreementId, name: entry.agreement.name });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
