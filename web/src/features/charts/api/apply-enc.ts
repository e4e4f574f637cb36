import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { chartKeys } from './chart-keys';

/** `GET /api/geocontent/ApplyEnc`: answers true on success. */
export function applyEnc(guid: string): Promise<boolean> {
  return apiRequest('/api/geocontent/ApplyEnc', { query: { guid }, schema: z.boolean() });
}

export function useApplyEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.encApplied'),
    mutationFn: applyEnc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.all }),
  });
}
