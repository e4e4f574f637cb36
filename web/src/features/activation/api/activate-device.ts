import { activateResult, type ActivateBody, type ActivateResult } from '@chartroom/contracts/activation';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function activateDevice(body: ActivateBody): Promise<ActivateResult> {
  return apiRequest('/api/installation/activate', { method: 'POST', body, schema: activateResult });
}

export function useActivateDevice() {
  return useMutation({ mutationFn: activateDevice });
}
