import { z } from 'zod';

/**
 * What the public catalogue holds now (the home page shows it): charts and providers count only
 * where a product is enabled, so the figures are what a sailor can actually license.
 */
export const catalogueStats = z.object({
  encCharts: z.number().int(),
  s102Grids: z.number().int(),
  providers: z.number().int(),
  /** [west, south, east, north] around every published chart; null while there is none. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type CatalogueStats = z.infer<typeof catalogueStats>;
