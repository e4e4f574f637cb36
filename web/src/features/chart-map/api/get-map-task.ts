import { mapTaskView, type MapTaskView } from '@chartroom/contracts/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartMapKeys } from './chart-map-keys';

/** `GET /api/geocontent/maptask?taskId=`: the geocontent, its cells and where the map opens. */
export function getMapTask(taskId: string): Promise<MapTaskView> {
  return apiRequest('/api/geocontent/maptask', { query: { taskId }, schema: mapTaskView });
}

export function useMapTask(taskId: string) {
  return useQuery(queryOptions({ queryKey: chartMapKeys.task(taskId), queryFn: () => getMapTask(taskId), staleTime: Infinity }));
}
