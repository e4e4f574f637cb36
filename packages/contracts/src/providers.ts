import { z } from 'zod';
import { text } from './common.js';
import { product } from './licensing.js';
import { geocontentTitle } from './users.js';

export const createGeocontentQuery = z.object({
  gcTitle: geocontentTitle,
  providerTitle: text(200, { min: 1 }).optional(),
});

export const geocontentSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
});
export type GeocontentSummary = z.infer<typeof geocontentSummary>;

export const providerMe = z.object({
  id: z.number().int(),
  title: z.string(),
  geoContents: z.array(
    geocontentSummary.extend({
      // Products are filled by the licensing module; an empty list until a product is created.
      products: z.array(product),
    }),
  ),
});
export type ProviderMe = z.infer<typeof providerMe>;

export const createDistributorQuery = z.object({ title: text(200, { min: 1 }) });
export const distributorMe = z.object({
  id: z.number().int(),
  title: z.string(),
  mainUser: z.object({ email: z.string() }),
});
export type DistributorMe = z.infer<typeof distributorMe>;
