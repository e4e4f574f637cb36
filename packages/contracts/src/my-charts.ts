import { z } from 'zod';
import { idParam } from './common.js';
import { currencies, rateProducts, type Currency } from './constants.js';

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

export const chartProducts = ['S-57', 'S-101', 'S-102', 'S-104', 'S-111'] as const;
export const chartProduct = z
  .enum(chartProducts)
  .describe('The product specification: S-57 ENC cells (delivered as S-63) or S-100 datasets (delivered as S-100 Part 15 sets)');

export const myCell = z.object({
  product: chartProduct,
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

// --- Route check (`POST /api/user/route-check`) -------------------------------------------------

/** The largest route file taken (multipart `file` or the raw body). */
export const routeFileMaxBytes = 5 * 1024 * 1024;
/** The most route points read (after rte/trk/wpt are chosen). */
export const routePointsMax = 20_000;
/** Product prices are held without a currency: they are the portal's price list, in roubles (as the cart). */
export const productPriceCurrency: Currency = 'RUB';
/** Months of each item in the ready-made agreement order (the order flow's usual licence year). */
export const routeOrderMonths = 12;

export const corridorNm = z.coerce
  .number()
  .min(0.1, 'at least 0.1 nautical miles')
  .max(50, 'at most 50 nautical miles')
  .default(5)
  .describe('Half-width of the corridor around the route, nautical miles (0.1–50, default 5)');

/** The query of the route check, and the text fields of its multipart form (a form field wins over the query). */
export const routeCheckQuery = z.object({
  corridorNm: corridorNm.optional(),
  installationId: idParam
    .optional()
    .describe('Which of your devices (any installation of it) the order is for; default the first on an agreement'),
});
export type RouteCheckQuery = z.infer<typeof routeCheckQuery>;
export const routeCheckFields = routeCheckQuery;

const lonLat = z.tuple([z.number(), z.number()]).describe('[longitude, latitude]');
const ring = z.array(lonLat);

export const routeCell = z.object({
  product: z.enum(['S-57', 'S-101']),
  name: z.string(),
  band: z.number().int().nullable().describe('Navigational band (S-101 datasets carry none)'),
  edition: z.number().int(),
  update: z.number().int(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north]'),
  licensed: z.boolean().describe('Covered by one of your licences that has not expired'),
  licenseIds: z.array(z.number().int()).describe('Your licences that cover it (current or expired)'),
  status: z.record(z.string(), cellStatus).nullable().describe('Per device, by its installationId; null when not licensed'),
  fromNm: z.number().describe('Where along the route (nautical miles from its start) the stretch this cell serves begins'),
  toNm: z.number().describe('…and ends (the last stretch it serves)'),
  stretches: z
    .array(z.object({ fromNm: z.number(), toNm: z.number() }))
    .describe('Every stretch it serves, in order (a harbour cell may serve the way in and the way out)'),
});
export type RouteCell = z.infer<typeof routeCell>;

export const routeGap = z.object({
  fromNm: z.number(),
  toNm: z.number(),
  points: z.array(lonLat).describe('The route line along the gap'),
});
export type RouteGap = z.infer<typeof routeGap>;

export const routeOffer = z.object({
  cellNames: z.array(z.string()).describe('The unlicensed cells of the route these products hold'),
  products: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string().describe('Geocontent title and licence type'),
      providerName: z.string(),
      price: z.number().nullable().describe('null: not sold at a set price (corp)'),
      currency: z.enum(currencies),
    }),
  ),
});
export type RouteOffer = z.infer<typeof routeOffer>;

/** Exactly the body of `POST /api/app/v1/orders` (send it with a fresh Idempotency-Key). */
export const routeOrder = z.object({
  installationId: z
    .number()
    .int()
    .describe("The device's id in the order flow (GET /api/app/v1/installations), not a licence installation"),
  paymentMethod: z.literal('agreement'),
  agreementId: z.number().int(),
  items: z.array(z.object({ product: z.enum(rateProducts), months: z.number().int() })),
});
export type RouteOrder = z.infer<typeof routeOrder>;

export const routeCheck = z.object({
  route: z.object({
    points: z
      .array(lonLat)
      .describe('The route as read, its longitudes continuous: a route across the antimeridian runs on past ±180 (e.g. 179.5 to 180.5)'),
    lengthNm: z.number(),
  }),
  corridorNm: z.number(),
  corridor: z.union([
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
  ]),
  devices: z.array(myDevice),
  cells: z.array(routeCell),
  gaps: z.array(routeGap),
  offers: z.array(routeOffer),
  order: routeOrder.nullable().describe('For a device on an agreement: the one-click order of the products that hold the unlicensed cells'),
});
export type RouteCheck = z.infer<typeof routeCheck>;
