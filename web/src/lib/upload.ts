import { errorBody } from '@chartroom/contracts/errors';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { clearStoredUser, getStoredToken, replaceStoredToken } from './auth';

// Multipart uploads with a progress percentage (spec §4 "Upload progress"): the bytes sent fill
// the bar to 95 %, and the server's answer adds the last 5 points, so 100 % means stored.

const sendingShare = 95;

export type UploadOptions<T> = {
  /** Text fields and files; a File list appends every file under the same name. */
  fields: Record<string, string | Blob | File[] | undefined>;
  schema?: z.ZodType<T>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

export function uploadWithProgress<T = unknown>(url: string, options: UploadOptions<T>): Promise<T> {
  const form = new FormData();
  // Text fields first: the server reads parts in order.
  const entries = Object.entries(options.fields).filter((e): e is [string, string | Blob | File[]] => e[1] !== undefined);
  for (const [name, value] of entries) if (typeof value === 'string') form.append(name, value);
  for (const [name, value] of entries) {
    if (Array.isArray(value)) for (const file of value) form.append(name, file, file.name);
    else if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'file');
  }

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.floor((event.loaded / event.total) * sendingShare));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network', message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      const newToken = xhr.getResponseHeader('new-token');
      if (newToken) replaceStoredToken(newToken);
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = xhr.responseText;
      }
      if (xhr.status === 401 && token) {
        clearStoredUser();
        window.location.reload();
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorBody.safeParse(payload);
        reject(new ApiError(parsed.success ? { status: xhr.status, ...parsed.data } : { status: xhr.status, code: `http_${xhr.status}`, message: xhr.statusText || `HTTP ${xhr.status}` }));
        return;
      }
      options.onProgress?.(sendingShare + 5);
      if (!options.schema) return resolve(payload as T);
      const parsed = options.schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: xhr.status, code: 'bad_response', message: parsed.error.message }));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export type UploadState = { status: 'idle' } | { status: 'sending'; percent: number } | { status: 'done' } | { status: 'failed'; error: unknown };

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
