import { z } from 'zod';
import { idParam, text } from './common.js';

// Navigation messages sent by devices (spec §3 "Navigation message").

export const navMessageLimits = {
  maxTextLength: 2000,
  maxImages: 10,
  maxImageBytes: 10 * 1024 * 1024,
} as const;

export const navMessageImage = z.object({ id: z.number().int(), url: z.string() });
export const navMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  /** [latitude, longitude] */
  latLng: z.tuple([z.number(), z.number()]),
  images: z.array(navMessageImage),
  createdAt: z.string(),
});
export type NavMessage = z.infer<typeof navMessage>;
export const navMessageList = z.array(navMessage);

/** The text fields of the multipart `POST /api/navmessages` (image parts are `images`). */
export const postNavMessageFields = z.object({
  gcid: idParam,
  text: text(navMessageLimits.maxTextLength, { min: 1 }),
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
