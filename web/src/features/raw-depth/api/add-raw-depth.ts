import { rawDepth } from '@chartroom/contracts/raw-depth';
import { useQueryClient } from '@tanstack/react-query';
import { useUploadWithProgress } from '../../../lib/use-upload-with-progress';
import { rawDepthKeys } from './get-raw-depths';

/** `POST /api/geocontent/addraw` with progress. */
export function useAddRawDepth(gcid: number) {
  const queryClient = useQueryClient();
  const upload = useUploadWithProgress('/api/geocontent/addraw', rawDepth);
  const send = async (file: File, descr: string) => {
    const result = await upload.start({ gcid: String(gcid), descr: descr || undefined, file });
    if (result) await queryClient.invalidateQueries({ queryKey: rawDepthKeys.list(gcid) });
    return result !== null;
  };
  return { state: upload.state, send };
}
