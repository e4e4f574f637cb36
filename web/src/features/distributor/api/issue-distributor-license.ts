import { issuedLicense, type IssuedLicense, type IssueLicenseQuery } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { distributorKeys } from './get-distributor-me';

export type DistributorIssueInput = IssueLicenseQuery;

export function issueDistributorLicense(input: DistributorIssueInput): Promise<IssuedLicense> {
  return apiRequest('/api/distributors/issueLicense', { query: input, schema: issuedLicense });
}

export function useIssueDistributorLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueDistributorLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: distributorKeys.all }),
  });
}
