import type { ChartKind } from '@chartroom/contracts/charts';

/** Query keys of the catalogue's chart tabs; mutations invalidate by these. */
export const chartKeys = {
  all: ['charts'] as const,
  savedUploadLists: ['charts', 'saved-uploads'] as const,
  collection: (gcid: number, type: ChartKind) => [...chartKeys.all, 'collection', gcid, type] as const,
  savedUploads: (gcid: number) => [...chartKeys.all, 'saved-uploads', gcid] as const,
  upload: (guid: string) => [...chartKeys.all, 'upload', guid] as const,
  preview: (url: string) => [...chartKeys.all, 'preview', url] as const,
  s100Datasets: (gcid: number) => [...chartKeys.all, 's100-datasets', gcid] as const,
};
