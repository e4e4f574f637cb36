import { applicationType, type ApplicationType, type CreateApplicationTypeBody } from '@chartroom/contracts/application-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { applicationTypeKeys } from './application-types';

export function createApplicationType(body: CreateApplicationTypeBody): Promise<ApplicationType> {
  return apiRequest('/api/admin/application-types', { method: 'POST', body, schema: applicationType });
}

export function useCreateApplicationType() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('apptypes:done.created'),
    mutationFn: createApplicationType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationTypeKeys.all }),
  });
}
