import { swapResult, type SwapResult } from '@chartroom/contracts/device-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { myChartsKeys } from '../../my-charts/api/get-my-charts';
import { profileKeys } from '../../user/api/get-profile';

export function swapInstallation(input: { licenseId: number; installationId: number }): Promise<SwapResult> {
  return apiRequest(`/api/licenses/${input.licenseId}/installations/${input.installationId}/swap`, { method: 'POST', schema: swapResult });
}

/**
 * The licence list is refreshed when the user closes the result (`refresh`), not at once: the row
 * holding the dialog disappears with the swapped device.
 */
export function useSwapInstallation() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    meta: change('common:done.deviceSwapped'),
    mutationFn: swapInstallation,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: myChartsKeys.all }),
    ]);
  return { mutation, refresh };
}
