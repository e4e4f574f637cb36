import { one } from '@chartroom/contracts/geocontents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GoToPoiEditor` answers 1 when the editor may open for this geocontent. */
export function goToPoiEditor(gcid: number): Promise<1> {
  return apiRequest('/api/geocontent/GoToPoiEditor', { query: { gcid }, schema: one });
}

export function useGoToPoiEditor() {
  return useMutation({ mutationFn: goToPoiEditor });
}
