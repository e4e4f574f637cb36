import { applicationType, type ApplicationType, type RotateApplicationTypeKeysBody } from '@chartroom/contracts/application-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { applicationTypeKeys } from './application-types';

export function rotateApplicationTypeKeys({ id, body }: { id: number; body: RotateApplicationTypeKeysBody }): Promise<ApplicationType> {
  return apiRequest(`/api/admin/application-types/${id}/keys`, { method: 'POST', body, schema: applicationType });
}

export function useRotateApplicationTypeKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('apptypes:done.rotated'),
    mutationFn: rotateApplicationTypeKeys,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationTypeKeys.all }),
  });
}
