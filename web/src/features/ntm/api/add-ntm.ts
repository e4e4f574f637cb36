import { ntmItem } from '@chartroom/contracts/ntm';
import { useQueryClient } from '@tanstack/react-query';
import { useUploadWithProgress } from '../../../lib/use-upload-with-progress';
import { ntmKeys } from './get-ntms';

/** `POST /api/ntm` with progress; the list reloads after a stored upload. */
export function useAddNtm(gcid: number) {
  const queryClient = useQueryClient();
  const upload = useUploadWithProgress('/api/ntm', ntmItem);
  const send = async (file: File, description: string) => {
    const result = await upload.start({ gcid: String(gcid), description: description || undefined, file });
    if (result) await queryClient.invalidateQueries({ queryKey: ntmKeys.list(gcid) });
    return result !== null;
  };
  return { state: upload.state, send };
}
