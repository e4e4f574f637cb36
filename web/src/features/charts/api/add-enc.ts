import { chartComparison, type ChartComparison } from '@chartroom/contracts/charts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartKeys } from './chart-keys';
import { uploadWithProgress } from '../../../lib/api-client';

export type UploadProgress = (percent: number) => void;

export type AddEncInput = { gcid: number; files: File[]; onProgress?: UploadProgress };

/** `POST /api/geocontent/addenc`: stages the files and answers their comparison with the collection. */
export function addEnc({ gcid, files, onProgress }: AddEncInput): Promise<ChartComparison> {
  return uploadWithProgress('/api/geocontent/addenc', {
    fields: { gcid: String(gcid), files },
    schema: chartComparison,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useAddEnc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEnc,
    onSuccess: (data) => queryClient.setQueryData(chartKeys.upload(data.guid), data),
  });
}
