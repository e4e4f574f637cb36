import { errorBody } from '@chartroom/contracts/errors';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { clearStoredUser, getStoredToken, replaceStoredToken } from '../../../lib/auth';

export type UploadProgress = (percent: number) => void;

/**
 * POSTs multipart form data with XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` gets 0–100 of the bytes sent; the answer is parsed with the contract's schema.
 */
export function uploadWithProgress<T>(path: string, form: FormData, schema: z.ZodType<T>, onProgress?: UploadProgress): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network', message: 'Network error' }));
    xhr.onabort = () => reject(new ApiError({ status: 0, code: 'network', message: 'Upload aborted' }));
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
        reject(new ApiError(parsed.success ? { status: xhr.status, ...parsed.data } : { status: xhr.status, code: `http_${xhr.status}`, message: xhr.statusText }));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: xhr.status, code: 'bad_response', message: parsed.error.message }));
    };
    xhr.send(form);
  });
}
