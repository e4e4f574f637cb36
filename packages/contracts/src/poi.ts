import { z } from 'zod';
import { text } from './common.js';

// Points of interest edited on the map, and their published releases (spec §3 "POI release").

export const poiCategories = ['harbour', 'marina', 'anchorage', 'fuel', 'repair', 'hazard', 'wreck', 'lighthouse', 'other'] as const;
export type PoiCategory = (typeof poiCategories)[number];

export const poiInput = z.object({
  name: text(200, { min: 1 }),
  category: z.enum(poiCategories),
  description: text(2000).default(''),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PoiInput = z.infer<typeof poiInput>;

export const poi = poiInput.extend({
  id: z.number().int(),
  description: z.string(),
  updatedAt: z.string(),
});
export type Poi = z.infer<typeof poi>;
export const poiList = z.array(poi);

export const poiRelease = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  itemsCount: z.number().int(),
});
export type PoiRelease = z.infer<typeof poiRelease>;
export const poiReleaseList = z.array(poiRelease);
export const poiReleaseDetail = poiRelease.extend({ items: z.array(poiInput.extend({ id: z.number().int(), description: z.string() })) });
export type PoiReleaseDetail = z.infer<typeof poiReleaseDetail>;
