import { z } from 'zod';
import { limits } from './constants.js';

// Licences in the user's own view (spec §3 "Licence (user view)").
export const productFlags = {
  enc: z.boolean(),
  s102: z.boolean(),
  poi: z.boolean(),
  ntm: z.boolean(),
  ais: z.boolean(),
  weather: z.boolean(),
  noaaWeather: z.boolean(),
  navMsg: z.boolean(),
};

export const installation = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  platformId: z.number().int(),
  platform: z.object({ name: z.string() }),
  applicationTypeId: z.number().int().nullable(),
  createdAt: z.string(),
});

export const userLicense = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    licType: z.string(),
    ...productFlags,
    geoContent: z.object({ id: z.number().int(), title: z.string() }),
  }),
  issued: z.string(),
  expirationDate: z.string().nullable(),
  installations: z.array(installation),
  deviceCount: z.number().int(),
});
export type UserLicense = z.infer<typeof userLicense>;

export const userProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  currentGcId: z.number().int().nullable(),
  licenses: z.array(userLicense),
});
export type UserProfile = z.infer<typeof userProfile>;

export const setCurrentGcQuery = z.object({
  gcid: z.coerce.number().int().positive(),
  userid: z.coerce.number().int().positive().optional(),
});

export const geocontentTitle = z
  .string()
  .trim()
  .min(limits.geocontentTitleMin, `at least ${limits.geocontentTitleMin} characters`)
  .max(200);
