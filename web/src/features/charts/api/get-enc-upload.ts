import { chartComparison, type ChartComparison } from '@chartroom/contracts/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

export function getEncUpload(guid: string): Promise<ChartComparison> {
  return apiRequest('/api/geocontent/GetEncUpload', { query: { guid }, schema: chartComparison });
}

export function encUploadQueryOptions(guid: string) {
  return queryOptions({ queryKey: chartKeys.upload(guid), queryFn: () => getEncUpload(guid) });
}

export function useEncUpload(guid: string) {
  return useQuery(encUploadQueryOptions(guid));
}
