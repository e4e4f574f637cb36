import { applicationType, type ApplicationType, type UpdateApplicationTypeBody } from '@chartroom/contracts/application-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { applicationTypeKeys } from './application-types';

export function updateApplicationType({ id, body }: { id: number; body: UpdateApplicationTypeBody }): Promise<ApplicationType> {
  return apiRequest(`/api/admin/application-types/${id}`, { method: 'PATCH', body, schema: applicationType });
}

export function useUpdateApplicationType() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('apptypes:done.updated'),
    mutationFn: updateApplicationType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationTypeKeys.all }),
  });
}
