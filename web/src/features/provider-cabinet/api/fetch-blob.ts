import { ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth';

/** An authenticated file (an NTM PDF, a message image) as a Blob, for an object URL. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getStoredToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError({ status: response.status, code: response.status === 404 ? 'not_found' : `http_${response.status}`, message: response.statusText });
  return response.blob();
}
