import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { readCacheOf } from '../../db/read-cache.js';
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
    const registration = rows[0]?.registration;
    const held = rows.flatMap((r) =>
      r.installation && r.license && r.product ? [{ ...r, installation: r.installation, license: r.license, product: r.product }] : [],
    );
    if (!registration || held.length === 0) throw revoked();
    const now = Date.now();
    request.device = {
      registration,
      installationIds: held.map((r) => r.installation.id),
      licenses: held
        .filter((r) => (r.license.expiresAt === null || r.license.expiresAt.getTime() > now) && r.product.enc && r.product.isEnabled)
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
  const gcIds = [...expiryByGc.keys()];
  const cache = readCacheOf(db);
  const gcKey = [...gcIds].sort((a, b) => a - b).join(',');
  const rows = changedSince
    ? await cache.get(`enc-cells:${gcKey}:since:${changedSince.toISOString()}`, () => listEncCells(db, gcIds, changedSince))
    : await cache.get(`enc-cells:${gcKey}`, () => listEncCells(db, gcIds));
  for (const { chart, geocontentId } of rows) {
    if (chart.edition === null || chart.blobKeys.length === 0) continue;
    const seen = out.get(chart.name);
    const version = (c: DeliveryCell) => (c.edition ?? 0) * 100000 + (c.update ?? 0);
    if (!seen || version(chart) > version(seen.chart)) out.set(chart.name, { chart, expiresAt: expiryByGc.get(geocontentId) ?? null });
  }
  return out;
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
