import { z } from 'zod';

// The mariner's own charts (issue 37): what each of the user's devices holds of the cells their
// licences cover, and the ENC update status report of one device.

export const cellStatuses = ['current', 'update-available', 'not-on-board', 'expired'] as const;
export const cellStatus = z
  .enum(cellStatuses)
  .describe(
    '`current`: the device holds the latest edition and update; `update-available`: it holds an older one; ' +
      '`not-on-board`: it never downloaded the cell completely; `expired`: every licence covering the cell has expired',
  );
export type CellStatus = z.infer<typeof cellStatus>;

/** One of the user's devices: identified by an installation (a licence slot) it holds, the lowest. */
export const myDevice = z.object({
  installationId: z.number().int(),
  deviceId: z.string(),
  applicationTypeId: z.number().int().nullable(),
});
export type MyDevice = z.infer<typeof myDevice>;

export const myCell = z.object({
  product: z.enum(['S-57']).describe('The product specification of the cell (S-57 ENC delivered as S-63)'),
  name: z.string(),
  band: z.number().int().nullable(),
  edition: z.number().int().describe('The latest edition on the portal'),
  update: z.number().int().describe('The latest update on the portal'),
  issueDate: z.string().nullable().describe('Issue date of the latest edition/update (YYYYMMDD or YYYY-MM-DD as the provider gave it)'),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().describe('[west, south, east, north]'),
  licenseIds: z.array(z.number().int()).describe("The user's licences that cover the cell"),
  status: z.record(z.string(), cellStatus).describe('Per device, by its installationId'),
  held: z
    .record(z.string(), z.object({ edition: z.number().int(), update: z.number().int() }).nullable())
    .optional()
    .describe('Per device, by its installationId: the edition and update it last received completely, null when none'),
});
export type MyCell = z.infer<typeof myCell>;

/** `GET /api/user/charts`. */
export const myCharts = z.object({
  devices: z.array(myDevice),
  cells: z.array(myCell),
});
export type MyCharts = z.infer<typeof myCharts>;

export const statusReportParams = z.object({
  installationId: z.coerce.number().int().positive(),
});

export const statusReportFormats = ['csv', 'pdf'] as const;
export const statusReportQuery = z.object({
  format: z.enum(statusReportFormats).default('pdf'),
});
export type StatusReportQuery = z.infer<typeof statusReportQuery>;
