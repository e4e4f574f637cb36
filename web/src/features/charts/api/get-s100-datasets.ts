import { s100DatasetList, type S100DatasetList } from '@chartroom/contracts/s100';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** `GET /api/geocontent/s100-datasets`. */
export function getS100Datasets(gcid: number): Promise<S100DatasetList> {
  return apiRequest('/api/geocontent/s100-datasets', { query: { gcid }, schema: s100DatasetList });
}

export function s100DatasetsQueryOptions(gcid: number) {
  return queryOptions({ queryKey: chartKeys.s100Datasets(gcid), queryFn: () => getS100Datasets(gcid) });
}

export function useS100Datasets(gcid: number) {
  return useQuery(s100DatasetsQueryOptions(gcid));
}
