import { z } from 'zod';
import { idParam, text } from './common.js';
import { limits, locales } from './constants.js';

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
  /** The language the user's mail goes out in. */
  locale: z.enum(locales),
  licenses: z.array(userLicense),
});
export type UserProfile = z.infer<typeof userProfile>;

export const setCurrentGcQuery = z.object({
  gcid: idParam,
  userid: idParam.optional(),
});

export const geocontentTitle = text(200, { min: limits.geocontentTitleMin });

export const setLocaleBody = z.object({ locale: z.enum(locales) });
export type SetLocaleBody = z.infer<typeof setLocaleBody>;
