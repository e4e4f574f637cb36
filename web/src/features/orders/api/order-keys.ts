import type { OrderListFilters } from '../lib/order-filters';

export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderListFilters) => [...orderKeys.all, 'list', filters] as const,
};
