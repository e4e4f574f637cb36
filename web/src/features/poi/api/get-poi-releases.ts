import { poiReleaseList, type PoiRelease } from '@chartroom/contracts/poi';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poiKeys } from './poi-keys';

export function getPoiReleases(geoContentId: number): Promise<PoiRelease[]> {
  return apiRequest('/api/geocontent/GetPoiList', { query: { geoContentId }, schema: poiReleaseList });
}

export function usePoiReleases(gcid: number) {
  return useQuery(queryOptions({ queryKey: poiKeys.releases(gcid), queryFn: () => getPoiReleases(gcid) }));
}
