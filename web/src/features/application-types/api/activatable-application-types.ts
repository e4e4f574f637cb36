import { activatableApplicationTypeList, type ActivatableApplicationType } from '@chartroom/contracts/application-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationTypeKeys } from './application-types';

/** The enabled application types, open to guests: what the activation form offers. */
export function getActivatableApplicationTypes(): Promise<ActivatableApplicationType[]> {
  return apiRequest('/api/application-types', { schema: activatableApplicationTypeList });
}

export const activatableApplicationTypesQuery = () =>
  queryOptions({ queryKey: applicationTypeKeys.activatable, queryFn: getActivatableApplicationTypes });

export function useActivatableApplicationTypes() {
  return useQuery(activatableApplicationTypesQuery());
}
