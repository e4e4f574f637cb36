import { poiRelease, type PoiRelease } from '@chartroom/contracts/poi';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { poiKeys } from './poi-keys';

/** "Publish Poi" (`ConvertPoi`): the current points become a release. */
export function publishPoi(gcid: number): Promise<PoiRelease> {
  return apiRequest('/api/geocontent/ConvertPoi', { query: { gcid }, schema: poiRelease });
}

export function usePublishPoi(gcid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.poiPublished'),
    mutationFn: () => publishPoi(gcid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.releases(gcid) }),
  });
}
