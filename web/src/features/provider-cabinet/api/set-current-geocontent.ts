import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { profileKeys } from '../../user/api/get-profile';

export function setCurrentGeocontent(gcid: number): Promise<{ currentGcId: number }> {
  return apiRequest('/api/users/setCurrentGC', { query: { gcid }, schema: z.object({ currentGcId: z.number() }) });
}

/** Switching the geocontent is remembered by the server (it survives a reload); every tab reloads. */
export function useSetCurrentGeocontent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.currentGeocontent'),
    mutationFn: setCurrentGeocontent,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      // Charts, licences, products and the catalogue data all follow the current geocontent.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== profileKeys.all[0] });
    },
  });
}
