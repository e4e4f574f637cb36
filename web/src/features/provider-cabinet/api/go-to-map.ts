import { mapTask, type MapTask } from '@chartroom/contracts/geocontents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function goToMap(gcid: number): Promise<MapTask> {
  return apiRequest('/api/geocontent/gotomap', { query: { gcid }, schema: mapTask });
}

export function useGoToMap() {
  return useMutation({ mutationFn: goToMap });
}
