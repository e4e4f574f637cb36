import { addS100Answer, type AddS100Answer } from '@chartroom/contracts/s100';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';
import type { UploadProgress } from './add-s102';
import { chartKeys } from './chart-keys';

export type AddS100Input = { gcid: number; files: File[]; onProgress?: UploadProgress };

/** `POST /api/geocontent/adds100`. */
export function addS100({ gcid, files, onProgress }: AddS100Input): Promise<AddS100Answer> {
  return uploadWithProgress('/api/geocontent/adds100', {
    fields: { gcid: String(gcid), files },
    schema: addS100Answer,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useAddS100() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addS100,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: chartKeys.s100Datasets(input.gcid) }),
  });
}
