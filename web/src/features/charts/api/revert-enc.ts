import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { chartKeys } from './chart-keys';

/** `GET /api/geocontent/RevertEnc`: answers true on success. */
export function revertEnc(guid: string): Promise<boolean> {
  return apiRequest('/api/geocontent/RevertEnc', { query: { guid }, schema: z.boolean() });
}

export function useRevertEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.encReverted'),
    mutationFn: revertEnc,
    // The reverted upload no longer exists: its review is not fetched again, only the saved list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.savedUploadLists }),
  });
}
