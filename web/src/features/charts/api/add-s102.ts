import { addS102Answer, type AddS102Answer } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

export type AddS102Input = { gcid: number; files: File[]; onProgress?: UploadProgress };

/** `POST /api/geocontent/adds102`. */
export function addS102({ gcid, files, onProgress }: AddS102Input): Promise<AddS102Answer> {
  const form = new FormData();
  form.append('gcid', String(gcid));
  for (const file of files) form.append('files', file, file.name);
  return uploadWithProgress('/api/geocontent/adds102', form, addS102Answer, onProgress);
}

export function useAddS102() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addS102,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: chartKeys.collection(input.gcid, 's102') }),
  });
}
