import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBlob } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** The preview route needs the bearer token, so the PNG is fetched and shown from a blob URL. */
export function s102PreviewQueryOptions(url: string) {
  return queryOptions({ queryKey: chartKeys.preview(url), queryFn: ({ signal }) => fetchBlob(url, signal), staleTime: 5 * 60_000 });
}

export function useS102Preview(url: string) {
  return useQuery(s102PreviewQueryOptions(url));
}
