import { orderPage, type OrderPage } from '@chartroom/contracts/orders';
import { limits } from '@chartroom/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrderListFilters } from '../lib/order-filters';
import { orderKeys } from './order-keys';

/**
 * One page of orders, newest first: the desk's (POST /api/ordermanager/query) or, given
 * `agreementId`, that agreement's for its main user or supervisor (POST /api/agreement/orders-query).
 */
export function queryOrders(
  filters: OrderListFilters,
  pageNumber: number,
  signal?: AbortSignal,
  agreementId: number | null = null,
): Promise<OrderPage> {
  const email = filters.userEmail.trim();
  const agreement = agreementId ?? filters.agreementId;
  return apiRequest(agreementId === null ? '/api/ordermanager/query' : '/api/agreement/orders-query', {
    body: {
      pageSize: limits.orderPageSize,
      pageNumber,
      ...(email ? { userEmail: email } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.paymentMethod ? { paymentMethod: filters.paymentMethod } : {}),
      ...(agreement !== null ? { agreementId: agreement } : {}),
    },
    schema: orderPage,
    signal,
  });
}

export function ordersInfiniteQueryOptions(filters: OrderListFilters, agreementId: number | null = null) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(filters, agreementId),
    queryFn: ({ pageParam, signal }) => queryOrders(filters, pageParam, signal, agreementId),
    // Pages are numbered from 0.
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.pageNumber + 1 : undefined),
  });
}

/** Spec §9: refreshed every 15 seconds; a refetch reloads the pages already shown, so the scroll stays. */
export function useOrders(filters: OrderListFilters, agreementId: number | null = null) {
  return useInfiniteQuery({ ...ordersInfiniteQueryOptions(filters, agreementId), refetchInterval: limits.orderRefreshSeconds * 1000 });
}
