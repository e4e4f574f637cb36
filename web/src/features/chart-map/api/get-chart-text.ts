import { chartText, type ChartText } from '@chartroom/contracts/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartMapKeys } from './chart-map-keys';

/** `GET /api/map/text?taskId=&file=`: a text file a chart feature refers to (TXTDSC, NTXTDS). */
export function getChartText(taskId: string, file: string): Promise<ChartText> {
  return apiRequest('/api/map/text', { query: { taskId, file }, schema: chartText });
}

export function useChartText(taskId: string, file: string) {
  return useQuery(
    queryOptions({
      queryKey: chartMapKeys.chartText(taskId, file),
      queryFn: () => getChartText(taskId, file),
      staleTime: Infinity,
      retry: false,
    }),
  );
}
