import { errorBody, errorCodes, type ErrorCode, type ErrorParams, type FieldIssue } from '@chartroom/contracts/errors';
import type { z } from 'zod';
import { clearStoredUser, getStoredToken, replaceStoredToken } from './auth';

/** Codes the client itself produces when no server answer could be read. */
export const clientErrorCodes = ['network', 'bad_response'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

export type ApiErrorDetail = FieldIssue;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly details: ApiErrorDetail[] | undefined;
  /** Values the translated text needs (`{ thing: 'licence' }`); the English `message` is never shown. */
  readonly params: ErrorParams | undefined;

  constructor(init: { status: number; code: string; message: string; params?: ErrorParams; details?: ApiErrorDetail[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.details = init.details;
  }
}

export function isKnownErrorCode(code: string): code is ErrorCode | ClientErrorCode {
  return (errorCodes as readonly string[]).includes(code) || (clientErrorCodes as readonly string[]).includes(code);
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The response schema from @chartroom/contracts; the answer is parsed with it. */
  schema?: z.ZodType<T>;
  /**
   * The login call answers 401 for a wrong password: that is shown as an error, not treated as an
   * expired session.
   */
  isLoginCall?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
};

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function toApiError(status: number, payload: unknown, statusText: string): ApiError {
  const parsed = errorBody.safeParse(payload);
  if (parsed.success) return new ApiError({ status, ...parsed.data });
  // An answer of another shape (a proxy's page, an older server): the status picks the text.
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    const code = 'code' in payload && typeof payload.code === 'string' ? payload.code : `http_${status}`;
    return new ApiError({ status, code, message: payload.message });
  }
  return new ApiError({ status, code: `http_${status}`, message: statusText || `HTTP ${status}` });
}

function handleExpiredSession(): never {
  clearStoredUser();
  window.location.reload();
  throw new ApiError({ status: 401, code: 'unauthorized', message: 'Session expired' });
}

/** The stored bearer token as request headers (none when signed out). */
function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * What every answer goes through: a renewed token is kept, an expired session signs out (not on
 * the login call, whose 401 means a wrong password), a failure becomes an ApiError, and a success
 * is parsed with the contract's schema when one is given.
 */
function settle<T>(
  answer: { status: number; statusText: string; newToken: string | null; payload: unknown },
  options: { schema?: z.ZodType<T> | undefined; isLoginCall?: boolean | undefined; hadToken: boolean },
): T {
  if (answer.newToken) replaceStoredToken(answer.newToken);
  if (answer.status === 401 && !options.isLoginCall && options.hadToken) handleExpiredSession();
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.payload, answer.statusText);
  if (!options.schema) return answer.payload as T;
  const parsed = options.schema.safeParse(answer.payload);
  if (!parsed.success) throw new ApiError({ status: answer.status, code: 'bad_response', message: parsed.error.message });
  return parsed.data;
}

function parseJsonText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Same-origin call to the Chartroom API with the stored bearer token. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...authHeaders() };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'network', message: cause instanceof Error ? cause.message : 'Network error' });
  }

  const payload = parseJsonText(await response.text());
  const answer = { status: response.status, statusText: response.statusText, newToken: response.headers.get('new-token'), payload };
  return settle(answer, { schema: options.schema, isLoginCall: options.isLoginCall, hadToken: 'Authorization' in headers });
}

/** An authenticated file (an NTM PDF, a message image) as a Blob, for an object URL. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const headers = authHeaders();
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'network', message: cause instanceof Error ? cause.message : 'Network error' });
  }
  if (response.ok) return response.blob();
  const payload = parseJsonText(await response.text());
  return settle(
    { status: response.status, statusText: response.statusText, newToken: response.headers.get('new-token'), payload },
    { hadToken: 'Authorization' in headers },
  );
}

// Multipart uploads with a progress percentage (spec §4 "Upload progress"): the bytes sent fill
// the bar to 95 %, and the server's answer adds the last 5 points, so 100 % means stored. XHR,
// because fetch reports no upload progress.
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
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.floor((event.loaded / event.total) * sendingShare));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network', message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      try {
        const answer = {
          status: xhr.status,
          statusText: xhr.statusText,
          newToken: xhr.getResponseHeader('new-token'),
          payload: parseJsonText(xhr.responseText),
        };
        const result = settle(answer, { schema: options.schema, hadToken: 'Authorization' in headers });
        options.onProgress?.(sendingShare + 5);
        resolve(result);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
