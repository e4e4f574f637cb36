import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { myChartsKeys } from '../../my-charts/api/get-my-charts';
import { profileKeys } from './get-profile';

export function detachInstallation(input: { licenseId: number; installationId: number }): Promise<unknown> {
  return apiRequest(`/api/licenses/${input.licenseId}/installations/${input.installationId}`, { method: 'DELETE' });
}

export function useDetachInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.deviceDetached'),
    mutationFn: detachInstallation,
    // The licences and the device list of My charts both lose the device.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: myChartsKeys.all }),
      ]),
  });
}
