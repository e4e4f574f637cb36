import { z } from 'zod';
import { idParam, text } from './common.js';

// Notices to mariners: PDF files of a geocontent (spec §3 "NTM").

export const ntmItem = z.object({
  id: z.number().int(),
  addDate: z.string(),
  description: z.string().nullable(),
  filename: z.string(),
  size: z.number().int(),
});
export type NtmItem = z.infer<typeof ntmItem>;
export const ntmList = z.array(ntmItem);

/** The longest description of an NTM (and of a raw depth file). */
export const maxNtmDescriptionLength = 1000;

/** The text fields of the multipart `POST /api/ntm` (the file part is `file`). */
export const addNtmFields = z.object({
  gcid: idParam,
  description: text(maxNtmDescriptionLength).optional(),
});
export type AddNtmFields = z.infer<typeof addNtmFields>;
