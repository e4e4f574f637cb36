import type { FastifyRequest } from 'fastify';
import type { EntitledCell } from '@chartroom/contracts/device-api';
import type { Db } from '../../db/client.js';
import { presentOnce, readCacheOf } from '../../db/read-cache.js';
import type { DeviceRegistrationRow } from '../../db/schema/index.js';
import type { DeliveryCell } from './device-api.repository.js';
import { AppError } from '../../errors.js';
import { findDeviceByTokenPrepared, findDevicesByTokensPrepared, listEncCells } from './device-api.repository.js';
import { requestDeviceTokenHash } from './device-token.js';

export interface DeviceLicense {
  installationId: number;
  licenseId: number;
  productId: number;
  geocontentId: number;
  title: string;
  licType: string;
  expiresAt: Date | null;
}

export interface DeviceContext {
  registration: DeviceRegistrationRow;
  installationIds: number[];
  /** Current licences with ENC data, one per installation. */
  licenses: DeviceLicense[];
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
}

const revoked = () => new AppError('unauthorized', 'This device token is not valid (revoked or replaced): activate the device again');

/** onRequest hook of the device API: a live device token with at least one installation. */
export function deviceAuthenticator(db: Db) {
  return async (request: FastifyRequest) => {
    const tokenHash = requestDeviceTokenHash(request);
    if (!tokenHash) throw new AppError('unauthorized', 'A device token is required: redeem an activation code first');
    // From the read cache while nothing was written since (embedded database; a revocation is a write).
    // On PostgreSQL the tokens of concurrent calls are read together, one statement per batch.
    const rows =
      (await readCacheOf(db).getBatched(
        'device',
        tokenHash,
        () => findDeviceByTokenPrepared(db, tokenHash),
        (hashes) => findDevicesByTokensPrepared(db, hashes),
      )) ?? [];
    // Worked out once per shared read (presentOnce); only the expiry check is the request's own.
    const held = presentOnce(rows, heldByDevice);
    if (!held) throw revoked();
    const now = Date.now();
    const isCurrent = (l: DeviceLicense) => l.expiresAt === null || l.expiresAt.getTime() > now;
    request.device = {
      registration: held.registration,
      installationIds: held.installationIds,
      licenses: held.licenses.every(isCurrent) ? held.licenses : held.licenses.filter(isCurrent),
    };
  };
}

type DeviceRows = Awaited<ReturnType<typeof findDeviceByTokenPrepared>>;

/** The registration, installations and ENC licences (current or not) a device's rows hold; null when none. */
function heldByDevice(rows: DeviceRows): DeviceContext | null {
  const registration = rows[0]?.registration;
  const held = rows.flatMap((r) =>
    r.installation && r.license && r.product ? [{ ...r, installation: r.installation, license: r.license, product: r.product }] : [],
  );
  if (!registration || held.length === 0) return null;
  return {
    registration,
    installationIds: held.map((r) => r.installation.id),
    licenses: held
      .filter((r) => r.product.enc && r.product.isEnabled)
      .map((r) => ({
        installationId: r.installation.id,
        licenseId: r.license.id,
        productId: r.product.id,
        geocontentId: r.product.geocontentId,
        title: r.geocontentTitle ?? '',
        licType: r.product.licType,
        expiresAt: r.license.expiresAt,
      })),
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
 * geocontents hold it); with `changedSince`, only cells changed after it.
 */
export async function listLicensedCells(db: Db, device: DeviceContext, changedSince?: Date): Promise<Map<string, LicensedCell>> {
  const expiryByGc = new Map<number, Date | null>();
  for (const l of device.licenses) {
    const seen = expiryByGc.get(l.geocontentId);
    const later = seen === null || l.expiresAt === null ? null : seen === undefined || l.expiresAt > seen ? l.expiresAt : seen;
    expiryByGc.set(l.geocontentId, later);
  }
  const out = new Map<string, LicensedCell>();
  for (const { chart, geocontentId } of presentOnce(await encCellRows(db, [...expiryByGc.keys()], changedSince), newestCells)) {
    out.set(chart.name, { chart, expiresAt: expiryByGc.get(geocontentId) ?? null });
  }
  return out;
}

/**
 * The update check's cells: the newest edition of every cell the device's licences cover (changed
 * after `changedSince` when given), as the answer lists them. Made once per shared read of the
 * geocontents' cells, so a device licensed for hundreds of cells polling often does not rebuild them.
 */
export async function listEntitledCells(db: Db, device: DeviceContext, changedSince?: Date): Promise<EntitledCell[]> {
  const gcIds = [...new Set(device.licenses.map((l) => l.geocontentId))];
  return presentOnce(await encCellRows(db, gcIds, changedSince), entitledCellsOf);
}

type EncCellRows = Awaited<ReturnType<typeof listEncCells>>;

/** The ENC cells of the geocontents (shared between concurrent requests, see db/read-cache.ts). */
function encCellRows(db: Db, gcIds: number[], changedSince?: Date): Promise<EncCellRows> {
  const cache = readCacheOf(db);
  const gcKey = [...gcIds].sort((a, b) => a - b).join(',');
  return changedSince
    ? cache.get(`enc-cells:${gcKey}:since:${changedSince.toISOString()}`, () => listEncCells(db, gcIds, changedSince))
    : cache.get(`enc-cells:${gcKey}`, () => listEncCells(db, gcIds));
}

const version = (c: DeliveryCell) => (c.edition ?? 0) * 100000 + (c.update ?? 0);

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

/** The update check's cells: as `newestCells`, without cancelled ones (edition 0), as the answer writes them. */
function entitledCellsOf(rows: EncCellRows): EntitledCell[] {
  return newestCells(rows)
    .filter((c) => c.chart.edition)
    .map((c) => toEntitledCell(c.chart));
}

export function toEntitledCell(chart: DeliveryCell) {
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
