import { useMutation } from '@tanstack/react-query';
import { fetchBlob } from '../../../lib/api-client';

/**
 * Opens the PDF (`GET /api/ntm/{id}`, authenticated) in a new tab through a blob URL. The tab is
 * opened before the download so the browser does not treat it as an unrequested pop-up.
 */
export async function openNtm(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(`/api/ntm/${id}`);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenNtm() {
  return useMutation({ mutationFn: openNtm });
}
