import { ntmList, type NtmItem } from '@chartroom/contracts/ntm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ntmKeys = {
  all: ['ntm'] as const,
  list: (gcid: number) => [...ntmKeys.all, 'list', gcid] as const,
};

export function getNtms(gcid: number): Promise<NtmItem[]> {
  return apiRequest('/api/ntm/GetNtms4GC', { query: { gcid }, schema: ntmList });
}

export function useNtms(gcid: number) {
  return useQuery(queryOptions({ queryKey: ntmKeys.list(gcid), queryFn: () => getNtms(gcid) }));
}
