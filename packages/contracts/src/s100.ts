import { z } from 'zod';

// S-100 datasets (issue 36): what a provider uploads (S-101 ENCs, S-102/S-104/S-111 HDF5) and what
// a device gets of them in S-100 Part 15 protected exchange sets.

export const s100Products = ['S-101', 'S-102', 'S-104', 'S-111'] as const;
export type S100Product = (typeof s100Products)[number];

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const s100Dataset = z.object({
  id: z.number().int(),
  product: z.enum(s100Products),
  /** The dataset name without extension, e.g. 101FR00369300. */
  name: z.string(),
  /** The base file's name, e.g. 101FR00369300.000 or 102DE00NO13R.H5. */
  fileName: z.string(),
  edition: z.number().int(),
  update: z.number().int(),
  /** YYYY-MM-DD */
  issueDate: z.string(),
  title: z.string().nullable(),
  /** S-101 only: features per type (after the updates). */
  features: z.record(z.string(), z.number().int()).optional(),
  /** [west, south, east, north] in degrees; null when the dataset gives none. */
  bbox: bbox.nullable(),
  updatedAt: z.string(),
});
export type S100Dataset = z.infer<typeof s100Dataset>;

export const s100DatasetList = z.object({ datasets: z.array(s100Dataset) });
export type S100DatasetList = z.infer<typeof s100DatasetList>;

export const addS100Answer = z.object({
  /** The datasets this upload stored or changed, as they are now. */
  datasets: z.array(s100Dataset),
  /** Datasets uploaded again byte for byte: nothing changed. */
  unchanged: z.array(z.string()),
  /** Files of the upload that are not S-100 datasets (a catalogue, support files, readme). */
  ignored: z.array(z.string()),
});
export type AddS100Answer = z.infer<typeof addS100Answer>;

// The device side.

/** The 46 characters of an S-100 user permit (Part 15 15-7.3); its checksum and M_ID are checked by the server. */
export const s100UserPermit = z
  .string()
  .trim()
  .length(46, 'the 46 characters of the S-100 user permit (32 encrypted HW_ID, 8 checksum, 6 M_ID)');

export const s100UserPermitBody = z.object({ s100UserPermit }).strict();
export const s100UserPermitResult = z.object({ s100HwId: z.string() });

export const entitledS100Dataset = z.object({
  product: z.enum(s100Products),
  name: z.string(),
  edition: z.number().int(),
  update: z.number().int(),
  /** YYYY-MM-DD */
  issueDate: z.string(),
  bbox: bbox.nullable(),
});
export type EntitledS100Dataset = z.infer<typeof entitledS100Dataset>;

const datasetName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v) => v.toUpperCase());

/** The three request shapes of the UK S-100 exchange-set service. */
export const s100ExchangeSetBody = z.union([
  z.object({ productNames: z.array(datasetName).min(1).max(20000) }).strict(),
  z
    .object({
      productVersions: z
        .array(
          z.object({
            productName: datasetName,
            editionNumber: z.number().int().min(0),
            updateNumber: z.number().int().min(0),
          }),
        )
        .min(1)
        .max(20000),
    })
    .strict(),
  z.object({ updatesSince: z.iso.datetime({ offset: true }) }).strict(),
]);
export type S100ExchangeSetBody = z.infer<typeof s100ExchangeSetBody>;

export const s100NotIncludedReasons = ['not_licensed', 'unknown'] as const;

export const s100ExchangeSetResult = z.object({
  /** Null (as url, size and sha256) when nothing asked for may be sent: every name is in notIncluded. */
  id: z.string().nullable(),
  /** Where to download the zip (GET, with the same token; Range supported). */
  url: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  serverTime: z.string(),
  datasets: z.array(
    z.object({
      product: z.enum(s100Products),
      name: z.string(),
      edition: z.number().int(),
      update: z.number().int(),
      /** The files inside, under S100_ROOT/<product>/DATASET_FILES/. */
      files: z.array(z.string()),
    }),
  ),
  notIncluded: z.array(z.object({ name: z.string(), reason: z.enum(s100NotIncludedReasons) })),
});
export type S100ExchangeSetResult = z.infer<typeof s100ExchangeSetResult>;
