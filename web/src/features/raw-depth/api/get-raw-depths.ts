import { rawDepthList, type RawDepth } from '@chartroom/contracts/raw-depth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const rawDepthKeys = {
  all: ['raw-depth'] as const,
  list: (gcid: number) => [...rawDepthKeys.all, 'list', gcid] as const,
};

export function getRawDepths(geoContentId: number): Promise<RawDepth[]> {
  return apiRequest('/api/geocontent/GetRawDepthList', { query: { geoContentId }, schema: rawDepthList });
}

export function useRawDepths(gcid: number) {
  return useQuery(queryOptions({ queryKey: rawDepthKeys.list(gcid), queryFn: () => getRawDepths(gcid) }));
}
