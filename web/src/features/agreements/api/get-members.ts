import { type distributorMember, distributorMembers } from '@chartroom/contracts/agreements';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The order managers of the caller's distributor (GET /api/distributors/members). */
export function getMembers(): Promise<z.infer<typeof distributorMember>[]> {
  return apiRequest('/api/distributors/members', { schema: distributorMembers });
}

export function membersQueryOptions() {
  return queryOptions({ queryKey: agreementKeys.members(), queryFn: getMembers });
}

export function useMembers() {
  return useQuery(membersQueryOptions());
}
