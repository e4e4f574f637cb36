import { catalogueStats, type CatalogueStats } from '@chartroom/contracts/catalogue-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCatalogueStats(): Promise<CatalogueStats> {
  return apiRequest('/api/catalogue/stats', { schema: catalogueStats });
}

export const catalogueStatsKey = ['catalogue-stats'] as const;

export function catalogueStatsQueryOptions() {
  return queryOptions({ queryKey: catalogueStatsKey, queryFn: getCatalogueStats, staleTime: 60_000 });
}

export function useCatalogueStats() {
  return useQuery(catalogueStatsQueryOptions());
}
