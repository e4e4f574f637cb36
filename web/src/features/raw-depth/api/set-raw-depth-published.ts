import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rawDepthKeys } from './get-raw-depths';

/** PublishRawDepth / HideRawDepth (both answer 1). */
export function setRawDepthPublished(input: { rdid: number; isPublished: boolean }): Promise<unknown> {
  return apiRequest(input.isPublished ? '/api/geocontent/PublishRawDepth' : '/api/geocontent/HideRawDepth', {
    query: { rdid: input.rdid },
  });
}

export function useSetRawDepthPublished() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setRawDepthPublished, onSuccess: () => queryClient.invalidateQueries({ queryKey: rawDepthKeys.all }) });
}
