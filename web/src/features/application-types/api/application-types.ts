import { applicationTypeList, type ApplicationType } from '@chartroom/contracts/application-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const applicationTypeKeys = {
  all: ['application-types'] as const,
  admin: ['application-types', 'admin'] as const,
  activatable: ['application-types', 'activatable'] as const,
};

export function getApplicationTypes(): Promise<ApplicationType[]> {
  return apiRequest('/api/admin/application-types', { schema: applicationTypeList });
}

export const applicationTypesQuery = () => queryOptions({ queryKey: applicationTypeKeys.admin, queryFn: getApplicationTypes });

export function useApplicationTypes() {
  return useQuery(applicationTypesQuery());
}
