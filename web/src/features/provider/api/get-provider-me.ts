import { providerMe, type ProviderMe } from '@chartroom/contracts/providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const providerKeys = {
  all: ['provider'] as const,
  me: () => [...providerKeys.all, 'me'] as const,
};

export function getProviderMe(): Promise<ProviderMe> {
  return apiRequest('/providers/me', { schema: providerMe });
}

export function providerMeQueryOptions() {
  return queryOptions({ queryKey: providerKeys.me(), queryFn: getProviderMe });
}

export function useProviderMe() {
  return useQuery(providerMeQueryOptions());
}
