import { addS63Answer, type AddS63Answer } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

export type AddS63Input = { geocontentId: number; deviceKey: string; file: File; onProgress?: UploadProgress };

/** `POST /api/geocontent/AddS63ToGeocontent`: keeps the zip; a background job converts it. */
export function addS63({ geocontentId, deviceKey, file, onProgress }: AddS63Input): Promise<AddS63Answer> {
  const form = new FormData();
  form.append('geocontentId', String(geocontentId));
  form.append('deviceKey', deviceKey);
  form.append('file', file, file.name);
  return uploadWithProgress('/api/geocontent/AddS63ToGeocontent', form, addS63Answer, onProgress);
}

export function useAddS63() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addS63,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: chartKeys.collection(input.geocontentId, 'enc') }),
  });
}
