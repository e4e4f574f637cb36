import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth';
import { chartKeys } from './chart-keys';

/** The preview route needs the bearer token, so the PNG is fetched and shown from a blob URL. */
export async function getS102Preview(url: string): Promise<Blob> {
  const token = getStoredToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError({ status: response.status, code: `http_${response.status}`, message: response.statusText });
  return response.blob();
}

export function s102PreviewQueryOptions(url: string) {
  return queryOptions({ queryKey: chartKeys.preview(url), queryFn: () => getS102Preview(url), staleTime: 5 * 60_000 });
}

export function useS102Preview(url: string) {
  return useQuery(s102PreviewQueryOptions(url));
}
