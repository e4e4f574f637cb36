import { chartCollection, type ChartCollection, type ChartKind } from '@chartroom/contracts/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** A page of the chart list: `offset` and `limit`, and a part of the name to match (case ignored). */
export interface ChartPageQuery {
  offset: number;
  limit: number;
  name: string;
}

export function getCollection(gcid: number, type: ChartKind, page?: ChartPageQuery): Promise<ChartCollection> {
  const query: Record<string, string | number> = { gcid, type };
  if (page) {
    query.offset = page.offset;
    query.limit = page.limit;
    if (page.name) query.name = page.name;
  }
  return apiRequest('/charts/getCollection', { query, schema: chartCollection });
}

function isConverting(data: ChartCollection | undefined): boolean {
  const state = data?.conversion?.state;
  return state === 'queued' || state === 'running';
}

export function collectionQueryOptions(gcid: number, type: ChartKind, page?: ChartPageQuery) {
  return queryOptions({
    queryKey: page ? [...chartKeys.collection(gcid, type), page] : chartKeys.collection(gcid, type),
    queryFn: () => getCollection(gcid, type, page),
    // The page shown stays while the next one (or the next filter's) comes, instead of a loader;
    // never another geocontent's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === gcid && previousQuery.queryKey[3] === type ? previous : undefined,
    // While an S-63 conversion runs, its state is polled until it is done or failed.
    refetchInterval: (query) => (isConverting(query.state.data) ? 2000 : false),
  });
}

export function useChartCollection(gcid: number, type: ChartKind, page?: ChartPageQuery) {
  return useQuery(collectionQueryOptions(gcid, type, page));
}
