import { navMessageList, type NavMessage } from '@chartroom/contracts/nav-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const navMessageKeys = {
  all: ['nav-messages'] as const,
  list: (gcid: number) => [...navMessageKeys.all, 'list', gcid] as const,
  image: (url: string) => [...navMessageKeys.all, 'image', url] as const,
};

export function getNavMessages(gcid: number): Promise<NavMessage[]> {
  return apiRequest('/api/navmessages', { query: { gcid }, schema: navMessageList });
}

export function useNavMessages(gcid: number) {
  return useQuery(queryOptions({ queryKey: navMessageKeys.list(gcid), queryFn: () => getNavMessages(gcid) }));
}
