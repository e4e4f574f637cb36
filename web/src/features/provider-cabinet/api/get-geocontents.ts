import { geocontentDetail, geocontentList, type GeocontentDetail, type GeocontentWithProducts } from '@chartroom/contracts/geocontents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const geocontentKeys = {
  all: ['geocontents'] as const,
  list: () => [...geocontentKeys.all, 'list'] as const,
  detail: (id: number) => [...geocontentKeys.all, 'detail', id] as const,
};

export function getGeocontents(): Promise<GeocontentWithProducts[]> {
  return apiRequest('/api/geocontent/', { schema: geocontentList });
}

export function getGeocontent(id: number): Promise<GeocontentDetail> {
  return apiRequest(`/api/geocontent/${id}`, { schema: geocontentDetail });
}

export function useGeocontents() {
  return useQuery(queryOptions({ queryKey: geocontentKeys.list(), queryFn: getGeocontents }));
}

export function useGeocontent(id: number | null) {
  return useQuery(queryOptions({ queryKey: geocontentKeys.detail(id ?? 0), queryFn: () => getGeocontent(id!), enabled: id !== null }));
}
