import type { MapTaskView } from '@chartroom/contracts/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { goToMap } from '../../provider-cabinet/api/go-to-map';
import { chartMapKeys } from './chart-map-keys';
import { getMapTask } from './get-map-task';

/** A map task for a geocontent (as the Map button makes one), for screens that embed the chart map. */
export async function getGeocontentMapTask(gcid: number): Promise<MapTaskView> {
  const { taskId } = await goToMap(gcid);
  return getMapTask(taskId);
}

/** One task per visit: it stays valid for hours, far longer than an editing session. */
export function useGeocontentMapTask(gcid: number) {
  return useQuery(queryOptions({ queryKey: chartMapKeys.gcidTask(gcid), queryFn: () => getGeocontentMapTask(gcid), staleTime: Infinity }));
}
