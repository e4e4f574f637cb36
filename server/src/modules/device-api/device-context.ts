import type { FastifyRequest } from 'fastify';
import type { EntitledCell } from '@chartroom/contracts/device-api';
import type { Db } from '../../db/client.js';
import { presentOnce, presentOnceFor, readCacheOf } from '../../db/read-cache.js';
import type { DeviceRegistrationRow } from '../../db/schema/index.js';
import type { DeliveryCell } from './delivery-cells.repository.js';
import type { DeviceUpdatesKey, DeviceUpdatesRow, UpdateCellTuple } from './device-tokens.repository.js';
import { AppError } from '../../errors.js';
import { listEncCells } from './delivery-cells.repository.js';
import { findDeviceByTokenPrepared, findDevicesByTokensPrepared, findDeviceUpdatesPrepared } from './device-tokens.repository.js';
import { requestDeviceTokenHash } from './device-token.js';
import { describeGuard } from '../../plugins/route-guards.js';

export interface DeviceLicense {
  installationId: number;
  licenseId: number;
  productId: number;
  geocontentId: number;
  title: string;
  licType: string;
  expiresAt: Date | null;
}

/** The kinds of data besides cells a product may switch on (raw depth goes with `s102`). */
export interface DeviceDataFlags {
  ntm: boolean;
  poi: boolean;
  navMsg: boolean;
  s102: boolean;
}

export interface DeviceContext {
  registration: DeviceRegistrationRow;
  installationIds: number[];
  /** Current licences with ENC data, one per installation. */
  licenses: DeviceLicense[];
  /**
   * The licences of every enabled product the device holds (ENC or not), current or expired, with
   * the kinds of data each switches on: NTM, POI, navigation messages and raw depth are delivered
   * by these (device-data.service.ts), which tells an expired licence from none.
   */
  dataLicenses: (DeviceLicense & DeviceDataFlags)[];
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
}

const device = { scheme: 'deviceToken' } as const;

const revoked = () => new AppError('unauthorized', 'This device token is not valid (revoked or replaced): activate the device again');

/** onRequest hook of the device API: a live device token with at least one installation. */
export function deviceAuthenticator(db: Db) {
  return describeGuard(async (request: FastifyRequest) => {
    const tokenHash = requireDeviceTokenHash(request);
    // From the read cache while nothing was written since (embedded database; a revocation is a write).
    // On PostgreSQL the tokens of concurrent calls are read together, one statement per batch.
    const rows =
      (await readCacheOf(db).getBatched(
        'device',
        tokenHash,
        () => findDeviceByTokenPrepared(db, tokenHash),
        (hashes) => findDevicesByTokensPrepared(db, hashes),
      )) ?? [];
    request.device = currentDevice(rows);
  }, device);
}

/** The request's device token hash; 401 without a device token. */
export function requireDeviceTokenHash(request: FastifyRequest): string {
  const tokenHash = requestDeviceTokenHash(request);
  if (!tokenHash) throw new AppError('unauthorized', 'A device token is required: redeem an activation code first');
  return tokenHash;
}

/** onRequest hook of a device call that reads its device itself (the update check): 401 without a token. */
export const deviceTokenRequired = describeGuard(async (request: FastifyRequest): Promise<void> => {
  requireDeviceTokenHash(request);
}, device);

/** The device its rows hold, with the licences current now; 401 when the token is not (or no longer) valid. */
function currentDevice(rows: readonly DeviceRow[]): DeviceContext {
  // Worked out once per shared read (presentOnce); only the expiry check is the request's own.
  const held = presentOnce(rows, heldByDevice);
  if (!held) throw revoked();
  const now = Date.now();
  const isCurrent = (l: DeviceLicense) => l.expiresAt === null || l.expiresAt.getTime() > now;
  return {
    registration: held.registration,
    installationIds: held.installationIds,
    licenses: held.licenses.every(isCurrent) ? held.licenses : held.licenses.filter(isCurrent),
    dataLicenses: held.dataLicenses,
  };
}

/**
 * The update check's cells, read with its device (`findDeviceUpdatesPrepared`): on PostgreSQL the
 * checks that arrive together share one statement, on the embedded database the read cache answers
 * while nothing was written. The cells are those of the geocontents of the device's current
 * licences, the newest edition of each name, as the answer lists them; 401 as for any device call
 * when the token is not (or no longer) valid.
 */
export async function readDeviceUpdates(db: Db, request: FastifyRequest, since: Date | null): Promise<EntitledCell[]> {
  const key: DeviceUpdatesKey = { tokenHash: requireDeviceTokenHash(request), since: since?.toISOString() ?? null };
  const row = await readCacheOf(db).getBatched(
    'device-updates',
    `${key.tokenHash} ${key.since ?? ''}`,
    async () => (await findDeviceUpdatesPrepared(db, [key])).get(0),
    async (batch) => {
      const found = await findDeviceUpdatesPrepared(db, batch.map(updatesKeyOf));
      return new Map(batch.flatMap((k, i) => (found.has(i) ? [[k, found.get(i)!] as const] : [])));
    },
  );
  if (!row?.held) throw revoked();
  const now = Date.now();
  const gcIds = [...new Set((row.licences ?? []).flatMap(([gcId, expiresAt]) => (expiresAt === null || expiresAt > now ? [gcId] : [])))];
  gcIds.sort((a, b) => a - b);
  return presentOnceFor(row, gcIds.join(','), gcIds, updateCellsOf);
}

function updatesKeyOf(key: string): DeviceUpdatesKey {
  const [tokenHash = '', since = ''] = key.split(' ');
  return { tokenHash, since: since || null };
}

/**
 * The answer's cells of a device's update row, for the geocontents it holds a current licence of: the
 * newest copy of each name, when that copy changed after the check's `since`.
 */
function updateCellsOf(row: DeviceUpdatesRow, gcIds: readonly number[]): EntitledCell[] {
  const newest = new Map<string, UpdateCellTuple>();
  for (const cell of row.cells ?? []) {
    if (!gcIds.includes(cell[9])) continue;
    const seen = newest.get(cell[0]);
    if (!seen || cellVersion(cell[1], cell[2]) > cellVersion(seen[1], seen[2])) newest.set(cell[0], cell);
  }
  return [...newest.values()]
    .filter((c) => c[1] && c[10])
    .map(([name, edition, update, issueDate, band, west, south, east, north]) =>
      toEntitledCell({ name, edition, update, releaseDate: issueDate, band, west, south, east, north }),
    );
}

/** A row of a device's read: its registration, and one of its installations with licence and product. */
type DeviceRow = Awaited<ReturnType<typeof findDeviceByTokenPrepared>>[number];

/** The registration, installations and ENC licences (current or not) a device's rows hold; null when none. */
function heldByDevice(rows: readonly DeviceRow[]): DeviceContext | null {
  const registration = rows[0]?.registration;
  const held = rows.flatMap((r) =>
    r.installation && r.license && r.product ? [{ ...r, installation: r.installation, license: r.license, product: r.product }] : [],
  );
  if (!registration || held.length === 0) return null;
  const licenseOf = (r: (typeof held)[number]): DeviceLicense => ({
    installationId: r.installation.id,
    licenseId: r.license.id,
    productId: r.product.id,
    geocontentId: r.product.geocontentId,
    title: r.geocontentTitle ?? '',
    licType: r.product.licType,
    expiresAt: r.license.expiresAt,
  });
  return {
    registration,
    installationIds: held.map((r) => r.installation.id),
    licenses: held.filter((r) => r.product.enc && r.product.isEnabled).map(licenseOf),
    dataLicenses: held
      .filter((r) => r.product.isEnabled)
      .map((r) => ({ ...licenseOf(r), ntm: r.product.ntm, poi: r.product.poi, navMsg: r.product.navMsg, s102: r.product.s102 })),
  };
}

export function deviceOf(request: FastifyRequest): DeviceContext {
  if (!request.device) throw new AppError('unauthorized', 'A device token is required: redeem an activation code first');
  return request.device;
}

export interface LicensedCell {
  chart: DeliveryCell;
  /** The latest expiry of the licences covering it; null = never. */
  expiresAt: Date | null;
}

/**
 * Every cell the device's licences cover, one per name (the newest edition/update where two
 * geocontents hold it).
 */
export async function listLicensedCells(db: Db, device: DeviceContext): Promise<Map<string, LicensedCell>> {
  const expiryByGc = new Map<number, Date | null>();
  for (const l of device.licenses) {
    const seen = expiryByGc.get(l.geocontentId);
    const later = seen === null || l.expiresAt === null ? null : seen === undefined || l.expiresAt > seen ? l.expiresAt : seen;
    expiryByGc.set(l.geocontentId, later);
  }
  const out = new Map<string, LicensedCell>();
  for (const { chart, geocontentId } of presentOnce(await encCellRows(db, [...expiryByGc.keys()]), newestCells)) {
    out.set(chart.name, { chart, expiresAt: expiryByGc.get(geocontentId) ?? null });
  }
  return out;
}

type EncCellRows = Awaited<ReturnType<typeof listEncCells>>;

/** The ENC cells of the geocontents (shared between concurrent requests, see db/read-cache.ts). */
function encCellRows(db: Db, gcIds: number[]): Promise<EncCellRows> {
  const gcKey = [...gcIds].sort((a, b) => a - b).join(',');
  return readCacheOf(db).get(`enc-cells:${gcKey}`, () => listEncCells(db, gcIds));
}

/** Which of two copies of a cell is newer: edition first, then update. */
const cellVersion = (edition: number | null, update: number | null) => (edition ?? 0) * 100000 + (update ?? 0);
const version = (c: DeliveryCell) => cellVersion(c.edition, c.update);

/** One row per cell name with an edition and files: the newest where two geocontents hold it. */
function newestCells(rows: EncCellRows): EncCellRows {
  const out = new Map<string, EncCellRows[number]>();
  for (const row of rows) {
    if (row.chart.edition === null || row.chart.blobKeys.length === 0) continue;
    const seen = out.get(row.chart.name);
    if (!seen || version(row.chart) > version(seen.chart)) out.set(row.chart.name, row);
  }
  return [...out.values()];
}

export function toEntitledCell(
  chart: Pick<DeliveryCell, 'name' | 'edition' | 'update' | 'releaseDate' | 'band' | 'west' | 'south' | 'east' | 'north'>,
) {
  const hasBox = chart.west !== null && chart.south !== null && chart.east !== null && chart.north !== null;
  return {
    name: chart.name,
    edition: chart.edition ?? 0,
    update: chart.update ?? 0,
    issueDate: chart.releaseDate,
    bbox: hasBox ? ([chart.west!, chart.south!, chart.east!, chart.north!] as [number, number, number, number]) : null,
    band: chart.band,
  };
}
