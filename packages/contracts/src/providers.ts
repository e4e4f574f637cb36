import { z } from 'zod';
import { geocontentTitle } from './users.js';

export const createGeocontentQuery = z.object({
  gcTitle: geocontentTitle,
  providerTitle: z.string().trim().min(1).max(200).optional(),
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
      products: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type ProviderMe = z.infer<typeof providerMe>;

export const createDistributorQuery = z.object({ title: z.string().trim().min(1).max(200) });
export const distributorMe = z.object({
  id: z.number().int(),
  title: z.string(),
  mainUser: z.object({ email: z.string() }),
});
export type DistributorMe = z.infer<typeof distributorMe>;
