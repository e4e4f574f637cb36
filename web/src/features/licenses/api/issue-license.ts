import { publisherLicense, type IssueLicenseQuery, type PublisherLicense } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { licensingKeys } from './licensing-keys';

export type IssueLicenseInput = IssueLicenseQuery;

export function issueLicense(input: IssueLicenseInput): Promise<PublisherLicense> {
  return apiRequest('/api/providers/addpermit', { query: input, schema: publisherLicense });
}

export function useIssueLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: issueLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.all }) });
}
