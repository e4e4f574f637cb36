import { encUploadList, type EncUploadSummary } from '@chartroom/contracts/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

export function getSavedUploads(gcid: number): Promise<EncUploadSummary[]> {
  return apiRequest('/api/geocontent/GetEncUploads', { query: { gcid }, schema: encUploadList });
}

export function savedUploadsQueryOptions(gcid: number) {
  return queryOptions({ queryKey: chartKeys.savedUploads(gcid), queryFn: () => getSavedUploads(gcid) });
}

export function useSavedUploads(gcid: number) {
  return useQuery(savedUploadsQueryOptions(gcid));
}
