export const chartMapKeys = {
  all: ['chart-map'] as const,
  task: (taskId: string) => [...chartMapKeys.all, 'task', taskId] as const,
  gcidTask: (gcid: number) => [...chartMapKeys.all, 'gcid-task', gcid] as const,
  status: (gcid: number) => [...chartMapKeys.all, 'status', gcid] as const,
  objectCatalogue: () => [...chartMapKeys.all, 'object-catalogue'] as const,
  worldLand: () => [...chartMapKeys.all, 'world-land'] as const,
  chartText: (taskId: string, file: string) => [...chartMapKeys.all, 'text', taskId, file] as const,
};
