import { errorBody, errorCodes, type ErrorCode } from '@chartroom/contracts/errors';
import type { z } from 'zod';
import { clearStoredUser, getStoredToken, replaceStoredToken } from './auth';

/** Codes the client itself produces when no server answer could be read. */
export const clientErrorCodes = ['network', 'bad_response'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

export type ApiErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly details: ApiErrorDetail[] | undefined;

  constructor(init: { status: number; code: string; message: string; details?: ApiErrorDetail[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isKnownErrorCode(code: string): code is ErrorCode | ClientErrorCode {
  return (errorCodes as readonly string[]).includes(code) || (clientErrorCodes as readonly string[]).includes(code);
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, payload: unknown, statusText: string): ApiError {
  const parsed = errorBody.safeParse(payload);
  if (parsed.success) return new ApiError({ status, ...parsed.data });
  // An unknown code still carries a message we can fall back to.
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

/** Same-origin call to the Chartroom API with the stored bearer token. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
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

  const newToken = response.headers.get('new-token');
  if (newToken) replaceStoredToken(newToken);

  const payload = await readJson(response);
  if (response.status === 401 && !options.isLoginCall && token) handleExpiredSession();
  if (!response.ok) throw toApiError(response.status, payload, response.statusText);

  if (!options.schema) return payload as T;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'bad_response', message: parsed.error.message });
  }
  return parsed.data;
}
