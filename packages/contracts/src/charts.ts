import { z } from 'zod';
import { idParam, text } from './common.js';
import { errorParams } from './errors.js';

// Chart collections (ENC from S-57 files or an S-63 exchange set, and S-102), the review of a
// staged S-57 upload, and the S-63 conversion state.

const id = idParam;

export const chartKinds = ['enc', 's102'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** Collection source types: `s63` for a converted exchange set (spec §3 names only s63 and "other"). */
export const collectionTypes = ['s57', 's63', 's102'] as const;
export type CollectionType = (typeof collectionTypes)[number];

/**
 * Why a chart of an upload cannot be applied; the web words it from `code` and `params` (chart, file,
 * editions and updates), the message is English for API users.
 */
export const chartErrorCodes = [
  'unreadable',
  'not_s57',
  'update_sequence',
  'updates_missing',
  'update_edition',
  'base_missing',
  'crc_mismatch',
  'older_than_applied',
] as const;
export type ChartErrorCode = (typeof chartErrorCodes)[number];

export const chartError = z.object({ code: z.enum(chartErrorCodes), message: z.string(), params: errorParams.optional() });
export type ChartError = z.infer<typeof chartError>;

export const chartCompareRow = z.object({
  chartName: z.string(),
  oldEdtn: z.number().int().nullable(),
  oldUpdn: z.number().int().nullable(),
  newEdtn: z.number().int().nullable(),
  newUpdn: z.number().int().nullable(),
  isChanged: z.boolean(),
  errors: z.array(chartError),
});
export type ChartCompareRow = z.infer<typeof chartCompareRow>;

export const encUploadStates = ['staged', 'saved', 'applying', 'applied'] as const;
export type EncUploadState = (typeof encUploadStates)[number];

/** Answer of addenc and of the review screen: the staged upload compared with the collection. */
export const chartComparison = z.object({
  guid: z.string(),
  gcid: z.number().int(),
  state: z.enum(encUploadStates),
  createdAt: z.string(),
  /** When a staged or saved upload is removed with its files unless applied; null once applied. */
  expiresAt: z.string().nullable(),
  hasChanges: z.boolean(),
  charts: z.array(chartCompareRow),
  /** addenc only: the files of the upload that are not charts (`set.zip:README.pdf`), left out and named. */
  ignored: z.array(z.string()).optional(),
});
export type ChartComparison = z.infer<typeof chartComparison>;

export const encUploadSummary = z.object({
  guid: z.string(),
  state: z.enum(encUploadStates),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  hasChanges: z.boolean(),
  chartCount: z.number().int(),
});
export type EncUploadSummary = z.infer<typeof encUploadSummary>;
export const encUploadList = z.array(encUploadSummary);

export const guidQuery = z.object({ guid: z.string().uuid() });
export const gcidQuery = z.object({ gcid: id });

/** The most charts one page of `getCollection` holds (`limit`). */
export const maxChartPageSize = 500;

/**
 * `getCollection ?gcid&type`, and optionally a page of the list (charts by name): `offset`, `limit`
 * (at most 500) and `name`, a part of the chart's name (case ignored). Without `limit`, every chart.
 */
export const getCollectionQuery = z.object({
  gcid: id,
  type: z.enum(chartKinds).default('enc'),
  offset: z.coerce
    .number({ message: 'a number' })
    .int('a whole number')
    .min(0, 'at least 0')
    .max(10_000_000, 'at most 10000000')
    .optional(),
  limit: z.coerce
    .number({ message: 'a number' })
    .int('a whole number')
    .min(1, 'at least 1')
    .max(maxChartPageSize, `at most ${maxChartPageSize}`)
    .optional(),
  name: text(64).optional(),
});
export type GetCollectionQuery = z.infer<typeof getCollectionQuery>;

export const chartRow = z.object({
  id: z.number().int(),
  name: z.string(),
  edition: z.number().int().nullable(),
  update: z.number().int().nullable(),
  /** YYYY-MM-DD, null when the data has none. */
  releaseDate: z.string().nullable(),
  scale: z.number().int().nullable(),
  /** Intended usage (navigational purpose) 1–6; the web shows number and name. */
  band: z.number().int().nullable(),
  description: z.string().nullable(),
  /** S-102 only: the shallowest and deepest depth in metres (positive down), for the web to word. */
  depthRange: z.tuple([z.number(), z.number()]).nullable().optional(),
  /** [west, south, east, north] in degrees. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** S-102 only: the authenticated depth preview. */
  previewUrl: z.string().nullable(),
});
export type ChartRow = z.infer<typeof chartRow>;

export const s63MetaInfo = z.object({ ZipFileName: z.string(), Timestamp: z.string() });
export type S63MetaInfo = z.infer<typeof s63MetaInfo>;

export const s63CellStatuses = ['decrypted', 'no_permit', 'permit_expired', 'wrong_key', 'corrupt'] as const;
export type S63CellStatus = (typeof s63CellStatuses)[number];

/** S-63 warning codes of a converted cell: SSE 20 (permit expires within 30 days), SSE 25 (permit expired). */
export const s63WarningCodes = ['SSE20', 'SSE25'] as const;
export const s63CellWarning = z.object({ code: z.enum(s63WarningCodes), message: z.string() });
export type S63CellWarning = z.infer<typeof s63CellWarning>;

/**
 * One file of a conversion: `decrypted` (converted; with warnings: converted with a warning) or
 * refused with its status and reason (`permit_expired` is SSE 15: issued after the permit expired).
 */
export const s63CellResult = z.object({
  name: z.string(),
  update: z.number().int(),
  status: z.enum(s63CellStatuses),
  reason: z.string().nullable(),
  warnings: z.array(s63CellWarning),
});
export type S63CellResult = z.infer<typeof s63CellResult>;

export const conversionStates = ['queued', 'running', 'done', 'failed'] as const;
export type ConversionState = (typeof conversionStates)[number];

export const s63Conversion = z.object({
  id: z.number().int(),
  state: z.enum(conversionStates),
  zipFileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The last failure, English (a failed conversion, or a try that will be retried). */
  error: z.string().nullable(),
  /** Per cell file what happened, so a partly failed conversion shows which cells and why. */
  cells: z.array(s63CellResult),
});
export type S63Conversion = z.infer<typeof s63Conversion>;

export const chartCollection = z.object({
  /** null while the geocontent has no collection of this kind. */
  type: z.enum(collectionTypes).nullable(),
  metaInfo: s63MetaInfo.nullable(),
  /** By name; with `limit` or `name`, only that page of the charts that match. */
  charts: z.array(chartRow),
  /** How many charts match `name` in all (all of the collection without it): the list shows "50 of 1,000". */
  total: z.number().int(),
  /** ENC only: the latest S-63 conversion of this geocontent. */
  conversion: s63Conversion.nullable(),
});
export type ChartCollection = z.infer<typeof chartCollection>;

export const addS63Answer = z.object({ conversionId: z.number().int(), state: z.enum(conversionStates) });
export type AddS63Answer = z.infer<typeof addS63Answer>;

export const addS102Answer = z.object({ charts: z.array(chartRow) });
export type AddS102Answer = z.infer<typeof addS102Answer>;

export const s102PreviewParams = z.object({ id });

export const usageBands = [1, 2, 3, 4, 5, 6] as const;
