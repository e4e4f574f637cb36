import { orderPage, type OrderPage } from '@chartroom/contracts/orders';
import { limits } from '@chartroom/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OrderListFilters } from '../lib/order-filters';
import { orderKeys } from './order-keys';

/** One page of orders, newest first (POST /api/ordermanager/query). */
export function queryOrders(filters: OrderListFilters, pageNumber: number, signal?: AbortSignal): Promise<OrderPage> {
  const email = filters.userEmail.trim();
  return apiRequest('/api/ordermanager/query', {
    body: {
      pageSize: limits.orderPageSize,
      pageNumber,
      ...(email ? { userEmail: email } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.paymentMethod ? { paymentMethod: filters.paymentMethod } : {}),
      ...(filters.agreementId !== null ? { agreementId: filters.agreementId } : {}),
    },
    schema: orderPage,
    signal,
  });
}

export function ordersInfiniteQueryOptions(filters: OrderListFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => queryOrders(filters, pageParam, signal),
    // Pages are numbered from 0.
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.pageNumber + 1 : undefined),
  });
}

/** Spec §9: refreshed every 15 seconds; a refetch reloads the pages already shown, so the scroll stays. */
export function useOrders(filters: OrderListFilters) {
  return useInfiniteQuery({ ...ordersInfiniteQueryOptions(filters), refetchInterval: limits.orderRefreshSeconds * 1000 });
}
