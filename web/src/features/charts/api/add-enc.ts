import { chartComparison, type ChartComparison } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

export type AddEncInput = { gcid: number; files: File[]; onProgress?: UploadProgress };

/** `POST /api/geocontent/addenc`: stages the files and answers their comparison with the collection. */
export function addEnc({ gcid, files, onProgress }: AddEncInput): Promise<ChartComparison> {
  const form = new FormData();
  form.append('gcid', String(gcid));
  for (const file of files) form.append('files', file, file.name);
  return uploadWithProgress('/api/geocontent/addenc', form, chartComparison, onProgress);
}

export function useAddEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEnc,
    onSuccess: (data) => queryClient.setQueryData(chartKeys.upload(data.guid), data),
  });
}
