import { poi, type Poi, type PoiInput } from '@chartroom/contracts/poi';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { poiKeys } from './poi-keys';

/** Adds a point (no id) or changes one (edit or move). */
export function savePoi(input: { gcid: number; id?: number; poi: PoiInput }): Promise<Poi> {
  return input.id === undefined
    ? apiRequest('/api/poi', { method: 'POST', query: { gcid: input.gcid }, body: input.poi, schema: poi })
    : apiRequest(`/api/poi/${input.id}`, { method: 'PUT', body: input.poi, schema: poi });
}

export function useSavePoi(gcid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.poiSaved'),
    mutationFn: (input: { id?: number; poi: PoiInput }) => savePoi({ gcid, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.items(gcid) }),
  });
}
