import type { AppSwapBody, SwapResult } from '@chartroom/contracts/device-api';
import type { Db, Tx } from '../../db/client.js';
import type { LicenseRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { deleteInstallation, findLicenseGeocontentId, lockUserLicense } from '../devices/devices.repository.js';
import {
  countSwapsSince,
  findRegistrationsOfInstallations,
  insertRegistration,
  insertSwap,
  revokeEmptyRegistrations,
  revokeRegistration,
} from './registrations.repository.js';
import type { DeviceContext } from './device-context.js';
import { createDeviceToken } from './device-token.js';
import { attachToLicenses } from './redeem.service.js';
import { readDevicePermits } from './user-permit-check.js';

export interface SwapLimits {
  perLicense: number;
  periodDays: number;
}

/** Counts this licence's swaps in the period (under the licence lock) and records one more. */
async function claimSwap(tx: Tx, license: LicenseRow, userId: number, oldDeviceId: string, limits: SwapLimits): Promise<number> {
  const since = new Date(Date.now() - limits.periodDays * 86400_000);
  const used = await countSwapsSince(tx, license.id, since);
  if (used >= limits.perLicense) {
    throw new AppError('limit_exceeded', `This licence's ${limits.perLicense} device swaps for ${limits.periodDays} days are used up`, {
      params: { limit: 'swaps', max: limits.perLicense, periodDays: limits.periodDays },
    });
  }
  await insertSwap(tx, { licenseId: license.id, userId, oldDeviceId });
  return limits.perLicense - used - 1;
}

/** From the cabinet: the device is revoked and its slot freed at once, within the swap limit. */
export async function swapInstallation(opts: {
  db: Db;
  actor: Actor;
  licenseId: number;
  installationId: number;
  limits: SwapLimits;
  ip: string | null;
}): Promise<SwapResult> {
  const { actor } = opts;
  return opts.db.transaction(async (tx) => {
    const license = await lockUserLicense(tx, opts.licenseId, actor.id);
    if (!license) throw notFound('licence');
    const registrations = await findRegistrationsOfInstallations(tx, [opts.installationId]);
    const row = await deleteInstallation(tx, license.id, opts.installationId);
    if (!row) throw notFound('installation');
    const swapsLeft = await claimSwap(tx, license, actor.id, row.deviceId, opts.limits);
    await revokeEmptyRegistrations(
      tx,
      registrations.map((r) => r.registrationId),
      'swapped',
    );
    await recordAudit(tx, {
      actor,
      action: 'installation.swap',
      geocontentId: await findLicenseGeocontentId(tx, license.productId),
      subject: { licenseId: license.id, installationId: row.id, deviceId: row.deviceId, via: 'cabinet' },
      ip: opts.ip,
    });
    return { revokedInstallationIds: [row.id], swapsLeft };
  });
}

/** From the app: its installations move to a new device (new HW_ID, new token); the old token stops. */
export async function swapDevice(opts: {
  db: Db;
  box: SecretBox;
  device: DeviceContext;
  input: AppSwapBody;
  limits: SwapLimits;
  ip: string | null;
}): Promise<SwapResult> {
  const { device, input } = opts;
  const old = device.registration;
  // The new device is new hardware: its permits are read with the keys in use.
  const { hwId, s100, keyVersions } = await readDevicePermits(opts.db, opts.box, { ...input, applicationTypeId: old.applicationTypeId });
  return opts.db.transaction(async (tx) => {
    let swapsLeft = Number.MAX_SAFE_INTEGER;
    const licenseIds: number[] = [];
    const revoked: number[] = [];
    for (const installationId of [...device.installationIds].sort((a, b) => a - b)) {
      const owned = device.licenses.find((l) => l.installationId === installationId);
      if (!owned) continue;
      const license = await lockUserLicense(tx, owned.licenseId, old.userId);
      if (!license) continue;
      swapsLeft = Math.min(swapsLeft, await claimSwap(tx, license, old.userId, old.deviceId, opts.limits));
      await deleteInstallation(tx, license.id, installationId);
      revoked.push(installationId);
      licenseIds.push(license.id);
    }
    if (licenseIds.length === 0) throw new AppError('conflict', 'This device holds no current licence to move');
    await revokeRegistration(tx, old.id, 'swapped');
    const { token, hash } = createDeviceToken();
    const registration = await insertRegistration(tx, {
      userId: old.userId,
      deviceId: input.deviceId,
      hwId,
      s100HwId: s100?.hwId ?? null,
      s100UserPermit: s100?.userPermit ?? null,
      applicationTypeId: old.applicationTypeId,
      ...keyVersions,
      platformId: input.platformId,
      tokenHash: hash,
    });
    const attached = await attachToLicenses(tx, {
      ownerId: old.userId,
      actor: null,
      registrationId: registration.id,
      licenseIds,
      isExplicit: false,
      device: { deviceId: input.deviceId, platformId: input.platformId, applicationTypeId: old.applicationTypeId },
      ip: opts.ip,
    });
    await recordAudit(tx, {
      actor: null,
      action: 'installation.swap',
      geocontentId: null,
      subject: { userId: old.userId, from: old.deviceId, to: input.deviceId, revokedInstallationIds: revoked, via: 'app' },
      ip: opts.ip,
    });
    return { revokedInstallationIds: revoked, swapsLeft, token, installationIds: attached.map((a) => a.installationId) };
  });
}
