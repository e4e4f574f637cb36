import { addS63Answer, type AddS63Answer } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress } from '../../../lib/api-client';

export type UploadProgress = (percent: number) => void;

export type AddS63Input = { geocontentId: number; deviceKey: string; file: File; onProgress?: UploadProgress };

/** `POST /api/geocontent/AddS63ToGeocontent`: keeps the zip; a background job converts it. */
export function addS63({ geocontentId, deviceKey, file, onProgress }: AddS63Input): Promise<AddS63Answer> {
  return uploadWithProgress('/api/geocontent/AddS63ToGeocontent', {
    fields: { geocontentId: String(geocontentId), deviceKey, file },
    schema: addS63Answer,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useAddS63() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addS63,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: chartKeys.collection(input.geocontentId, 'enc') }),
  });
}
