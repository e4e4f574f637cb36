import { z } from 'zod';
import { idParam, text } from './common.js';
import { product } from './licensing.js';
import { geocontentSummary } from './providers.js';

// Geocontent-level calls of the provider cabinet (spec §7 "Provider and geocontent").

export const gcidQuery = z.object({ gcid: idParam });
export type GcidQuery = z.infer<typeof gcidQuery>;
/**
 * Calls the spec lists without a geocontent (GoToPoiEditor, ConvertPoi, GET /api/navmessages): `gcid`
 * may be left out, and the geocontent `setCurrentGC` stored is used.
 */
export const currentGcidQuery = z.object({ gcid: idParam.optional() });
export type CurrentGcidQuery = z.infer<typeof currentGcidQuery>;
/** Some listing calls name the geocontent `geoContentId` (spec §7). */
export const geoContentIdQuery = z.object({ geoContentId: idParam });
export const idParams = z.object({ id: idParam });

export const geocontentWithProducts = geocontentSummary.extend({
  products: z.array(product),
});
export type GeocontentWithProducts = z.infer<typeof geocontentWithProducts>;
export const geocontentList = z.array(geocontentWithProducts);

export const geocontentDetail = geocontentWithProducts.extend({
  provider: z.object({ id: z.number().int(), title: z.string() }),
});
export type GeocontentDetail = z.infer<typeof geocontentDetail>;

/** `gotomap`: a task id the map screen (`/map?taskId=`) resolves back to the geocontent. */
export const mapTask = z.object({ taskId: z.string() });
export type MapTask = z.infer<typeof mapTask>;
export const mapTaskQuery = z.object({ taskId: text(64, { min: 1 }) });
export const mapTaskDetail = z.object({ taskId: z.string(), gcid: z.number().int(), title: z.string(), createdAt: z.string() });
export type MapTaskDetail = z.infer<typeof mapTaskDetail>;

/** Calls that answer 1 on success (GoToPoiEditor, PublishRawDepth, HideRawDepth). */
export const one = z.literal(1);
