import { myCharts, type MyCharts } from '@chartroom/contracts/my-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const myChartsKeys = { all: ['my-charts'] as const };

/** `GET /api/user/charts`: the user's devices and every cell of their licences with its status per device. */
export function getMyCharts(): Promise<MyCharts> {
  return apiRequest('/api/user/charts', { schema: myCharts });
}

export function myChartsQueryOptions() {
  return queryOptions({ queryKey: myChartsKeys.all, queryFn: getMyCharts });
}

export function useMyCharts() {
  return useQuery(myChartsQueryOptions());
}
