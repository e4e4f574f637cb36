import { issuedLicense, type IssuedLicense } from '@chartroom/contracts/licensing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { distributorLicensingKeys } from './distributor-licensing-keys';

export function getIssuedLicenses(prodid: number): Promise<IssuedLicense[]> {
  return apiRequest('/api/distributors/issuedLicenses', { query: { prodid }, schema: z.array(issuedLicense) });
}

export function issuedLicensesQueryOptions(prodid: number) {
  return queryOptions({ queryKey: distributorLicensingKeys.issued(prodid), queryFn: () => getIssuedLicenses(prodid) });
}

export function useIssuedLicenses(prodid: number) {
  return useQuery(issuedLicensesQueryOptions(prodid));
}
