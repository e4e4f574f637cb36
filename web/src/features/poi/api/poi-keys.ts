export const poiKeys = {
  all: ['poi'] as const,
  items: (gcid: number) => [...poiKeys.all, 'items', gcid] as const,
  releases: (gcid: number) => [...poiKeys.all, 'releases', gcid] as const,
};
