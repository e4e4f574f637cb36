import { useMutation } from '@tanstack/react-query';
import { fetchBlob } from '../../../lib/api-client';

export type StatusReportFormat = 'csv' | 'pdf';

/**
 * Downloads a device's ENC update status report (`GET /api/user/devices/{installationId}/status-report`,
 * authenticated) through a blob URL and a temporary link, so it is saved under its own name.
 */
export async function downloadStatusReport({ installationId, format }: { installationId: number; format: StatusReportFormat }) {
  const blob = await fetchBlob(`/api/user/devices/${installationId}/status-report?format=${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `enc-status-${installationId}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadStatusReport() {
  return useMutation({ mutationFn: downloadStatusReport });
}
