import { poiList, type Poi } from '@chartroom/contracts/poi';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poiKeys } from './poi-keys';

export function getPois(gcid: number): Promise<Poi[]> {
  return apiRequest('/api/poi', { query: { gcid }, schema: poiList });
}

export function usePois(gcid: number) {
  return useQuery(queryOptions({ queryKey: poiKeys.items(gcid), queryFn: () => getPois(gcid) }));
}
