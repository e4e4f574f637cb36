import { publisherLicense, type PublisherLicense } from '@chartroom/contracts/licensing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { licensingKeys } from './licensing-keys';

export function getLicenses(gcid: number): Promise<PublisherLicense[]> {
  return apiRequest('/api/providers/getLicenses', { query: { gcid }, schema: z.array(publisherLicense) });
}

export function licensesQueryOptions(gcid: number) {
  return queryOptions({ queryKey: licensingKeys.licenses(gcid), queryFn: () => getLicenses(gcid) });
}

export function useLicenses(gcid: number) {
  return useQuery(licensesQueryOptions(gcid));
}
