import { z } from 'zod';
import { idParam, text } from './common.js';

// Raw bathymetric depth files (spec §3 "Raw depth"); XYZ/CSV files are summarised on upload.

/** The longest description of a raw depth file. */
export const maxRawDepthDescriptionLength = 1000;

export const rawDepthFormats = ['xyz', 'csv'] as const;

export const depthBbox = z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() });
export type DepthBbox = z.infer<typeof depthBbox>;

export const rawDepthSummary = z.object({
  format: z.enum(rawDepthFormats),
  pointCount: z.number().int(),
  bbox: depthBbox,
  minDepth: z.number(),
  maxDepth: z.number(),
});
export type RawDepthSummary = z.infer<typeof rawDepthSummary>;

export const rawDepth = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  filename: z.string(),
  description: z.string().nullable(),
  isPublished: z.boolean(),
  size: z.number().int(),
  /** null when the file is not a recognised XYZ/CSV depth file: it is kept as it is. */
  summary: rawDepthSummary.nullable(),
});
export type RawDepth = z.infer<typeof rawDepth>;
export const rawDepthList = z.array(rawDepth);

/** The text fields of the multipart `POST /api/geocontent/addraw` (the file part is `file`). */
export const addRawFields = z.object({
  gcid: idParam,
  descr: text(maxRawDepthDescriptionLength).optional(),
});
export const rdidQuery = z.object({ rdid: idParam });
