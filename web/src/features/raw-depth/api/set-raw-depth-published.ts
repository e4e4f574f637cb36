import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { rawDepthKeys } from './get-raw-depths';

/** PublishRawDepth / HideRawDepth (both answer 1). */
export function setRawDepthPublished(input: { rdid: number; isPublished: boolean }): Promise<unknown> {
  return apiRequest(input.isPublished ? '/api/geocontent/PublishRawDepth' : '/api/geocontent/HideRawDepth', {
    query: { rdid: input.rdid },
  });
}

export function useSetRawDepthPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.rawPublication'),
    mutationFn: setRawDepthPublished,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rawDepthKeys.all }),
  });
}
