import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** `GET /api/geocontent/RevertEnc`: answers true on success. */
export function revertEnc(guid: string): Promise<boolean> {
  return apiRequest('/api/geocontent/RevertEnc', { query: { guid }, schema: z.boolean() });
}

export function useRevertEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertEnc,
    // The reverted upload no longer exists: its review is not fetched again, only the saved list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.savedUploadLists }),
  });
}
