import { geocontentSummary, type GeocontentSummary } from '@chartroom/contracts/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../auth/api/refresh-session';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from '../../user/api/get-profile';
import { providerKeys } from './get-provider-me';

export type CreateProviderInput = { gcTitle: string; providerTitle: string };

/** Provider registration: the first geocontent creates the provider; the session then gains the role. */
export async function createProvider(input: CreateProviderInput): Promise<GeocontentSummary> {
  const geocontent = await apiRequest('/api/geocontent/create2', { query: input, schema: geocontentSummary });
  await refreshSession();
  return geocontent;
}

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProvider,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: providerKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
