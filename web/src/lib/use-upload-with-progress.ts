import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { uploadWithProgress, type UploadOptions } from './api-client';

export type UploadState =
  { status: 'idle' } | { status: 'sending'; percent: number } | { status: 'done' } | { status: 'failed'; error: unknown };

/** One upload at a time with its state: idle → sending (percent) → done | failed. */
export function useUploadWithProgress<T>(url: string, schema?: z.ZodType<T>) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const start = useCallback(
    async (fields: UploadOptions<T>['fields']): Promise<T | null> => {
      controller.current?.abort();
      controller.current = new AbortController();
      setState({ status: 'sending', percent: 0 });
      try {
        const result = await uploadWithProgress(url, {
          fields,
          ...(schema ? { schema } : {}),
          signal: controller.current.signal,
          onProgress: (percent) => setState({ status: 'sending', percent }),
        });
        setState({ status: 'done' });
        return result;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return null;
        setState({ status: 'failed', error });
        return null;
      }
    },
    [url, schema],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
