import { mapStatusView, type MapStatusView } from '@chartroom/contracts/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartMapKeys } from './chart-map-keys';

/** How often the map asks again while its cells are being prepared. */
export const mapStatusPollMs = 3000;

/** `GET /api/geocontent/map-status?gcid=` (owner only): how far the preparation of the geocontent's map is. */
export function getMapStatus(gcid: number): Promise<MapStatusView> {
  return apiRequest('/api/geocontent/map-status', { query: { gcid }, schema: mapStatusView });
}

/**
 * Asked every few seconds while cells are pending. A failed call ends the asking (the notice
 * is only a courtesy: the map draws either way).
 */
export function mapStatusQueryOptions(gcid: number) {
  return queryOptions({
    queryKey: chartMapKeys.status(gcid),
    queryFn: () => getMapStatus(gcid),
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      // Done when every cell is ready, or when the rest could not be prepared (nothing pending).
      const isDone = query.state.status === 'error' || (data !== undefined && (data.ready || data.pending === 0));
      return isDone ? false : mapStatusPollMs;
    },
  });
}

export function useMapStatus(gcid: number) {
  return useQuery(mapStatusQueryOptions(gcid));
}
