import { chartCollection, type ChartCollection, type ChartKind } from '@chartroom/contracts/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

export function getCollection(gcid: number, type: ChartKind): Promise<ChartCollection> {
  return apiRequest('/charts/getCollection', { query: { gcid, type }, schema: chartCollection });
}

function isConverting(data: ChartCollection | undefined): boolean {
  const state = data?.conversion?.state;
  return state === 'queued' || state === 'running';
}

export function collectionQueryOptions(gcid: number, type: ChartKind) {
  return queryOptions({
    queryKey: chartKeys.collection(gcid, type),
    queryFn: () => getCollection(gcid, type),
    // While an S-63 conversion runs, its state is polled until it is done or failed.
    refetchInterval: (query) => (isConverting(query.state.data) ? 2000 : false),
  });
}

export function useChartCollection(gcid: number, type: ChartKind) {
  return useQuery(collectionQueryOptions(gcid, type));
}
