import { addS102Answer, type AddS102Answer } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress } from '../../../lib/api-client';

export type UploadProgress = (percent: number) => void;

export type AddS102Input = { gcid: number; files: File[]; onProgress?: UploadProgress };

/** `POST /api/geocontent/adds102`. */
export function addS102({ gcid, files, onProgress }: AddS102Input): Promise<AddS102Answer> {
  return uploadWithProgress('/api/geocontent/adds102', {
    fields: { gcid: String(gcid), files },
    schema: addS102Answer,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useAddS102() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addS102,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: chartKeys.collection(input.gcid, 's102') }),
  });
}
