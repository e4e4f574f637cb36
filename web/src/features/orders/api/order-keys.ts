import type { OrderListFilters } from '../lib/order-filters';

export const orderKeys = {
  all: ['orders'] as const,
  /** `agreementId` null: the desk's list; otherwise one agreement's (its supervisor's screen). */
  list: (filters: OrderListFilters, agreementId: number | null = null) => [...orderKeys.all, 'list', agreementId, filters] as const,
};
