import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { chartKeys } from './chart-keys';

/** `GET /api/geocontent/SaveEnc`: answers true on success. */
export function saveEnc(guid: string): Promise<boolean> {
  return apiRequest('/api/geocontent/SaveEnc', { query: { guid }, schema: z.boolean() });
}

export function useSaveEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.encSaved'),
    mutationFn: saveEnc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartKeys.all }),
  });
}
