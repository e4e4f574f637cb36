import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import type { RedeemBody, RedeemResult } from '@chartroom/contracts/device-api';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor } from '../../plugins/auth.js';
import { setActivationOwner } from '../activation/activation.repository.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  countInstallations,
  findInstallationByDevice,
  findLicenseGeocontentId,
  insertInstallation,
  lockUserLicense,
} from '../devices/devices.repository.js';
import {
  findRegistrationByActivation,
  findRegistrationsOfInstallations,
  insertRegistration,
  linkInstallation,
  listCurrentUserLicenseIds,
  lockActivationByCode,
  revokeEmptyRegistrations,
} from './registrations.repository.js';
import { createDeviceToken } from './device-token.js';
import { readDevicePermits } from './user-permit-check.js';

const mismatch = (field: 'applicationTypeId' | 'deviceId', message: string) =>
  new AppError('validation', message, [{ path: `body.${field}`, message }]);

/**
 * Attaches a device to licence slots and gives it its token. Each licence row is locked (in id
 * order, so two redeems never wait on each other crosswise) and its installations are counted
 * inside the lock: the database decides who gets the last slot.
 */
export async function attachToLicenses(
  tx: Tx,
  opts: {
    ownerId: number;
    actor: Pick<Actor, 'id' | 'email'> | null;
    registrationId: number;
    licenseIds: number[];
    isExplicit: boolean;
    device: { deviceId: string; platformId: number; applicationTypeId: number };
    ip: string | null;
  },
) {
  const attached: { installationId: number; licenseId: number }[] = [];
  const moved: number[] = [];
  for (const licenseId of [...opts.licenseIds].sort((a, b) => a - b)) {
    const license = await lockUserLicense(tx, licenseId, opts.ownerId);
    if (!license) {
      if (opts.isExplicit) throw notFound('licence');
      continue;
    }
    if (license.expiresAt && license.expiresAt.getTime() <= Date.now()) {
      if (opts.isExplicit) throw new AppError('license_expired', 'This licence has expired: devices can no longer be attached');
      continue;
    }
    const existing = await findInstallationByDevice(tx, license.id, opts.device.deviceId);
    if (existing) {
      // A reinstall on the same device keeps its slot: the installation moves to the new token.
      moved.push(...(await findRegistrationsOfInstallations(tx, [existing.id])).map((r) => r.registrationId));
      await linkInstallation(tx, opts.registrationId, existing.id);
      attached.push({ installationId: existing.id, licenseId: license.id });
      continue;
    }
    if (license.deviceCount > 0 && (await countInstallations(tx, license.id)) >= license.deviceCount) {
      if (opts.isExplicit)
        throw new AppError('limit_exceeded', `This licence is for ${license.deviceCount} device(s) and all are in use: swap one first`, {
          params: { limit: 'devices', max: license.deviceCount },
        });
      continue;
    }
    const row = await insertInstallation(tx, { licenseId: license.id, ...opts.device });
    await linkInstallation(tx, opts.registrationId, row.id);
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'installation.attach',
      geocontentId: await findLicenseGeocontentId(tx, license.productId),
      subject: { licenseId: license.id, installationId: row.id, deviceId: row.deviceId, platformId: row.platformId, via: 'device-api' },
      ip: opts.ip,
    });
    attached.push({ installationId: row.id, licenseId: license.id });
  }
  await revokeEmptyRegistrations(
    tx,
    moved.filter((id) => id !== opts.registrationId),
    'reinstalled',
  );
  if (attached.length === 0)
    throw new AppError('limit_exceeded', 'None of your licences has a free device slot: swap a device in your cabinet first', {
      params: { limit: 'device_slots' },
    });
  return attached;
}

/** When a code stops being redeemable: its expiry, and at most activationCodeTtlHours after it was made (older, longer codes too). */
const codeExpiry = (a: { expiresAt: Date; createdAt: Date }) =>
  Math.min(a.expiresAt.getTime(), a.createdAt.getTime() + activationCodeTtlHours * 3_600_000);

export async function redeemActivation(opts: {
  db: Db;
  box: SecretBox;
  actor: Actor | null;
  code: string;
  input: RedeemBody;
  ip: string | null;
}): Promise<RedeemResult> {
  const { db, input, actor } = opts;
  const { hwId, s100, keyVersions } = await readDevicePermits(db, opts.box, input);
  return db.transaction(async (tx) => {
    const activation = await lockActivationByCode(tx, opts.code);
    if (!activation || codeExpiry(activation) <= Date.now()) throw notFound('activation_code');
    if (activation.userId !== null && actor && actor.id !== activation.userId) throw notFound('activation_code');
    if (activation.applicationTypeId !== input.applicationTypeId)
      throw mismatch('applicationTypeId', 'this code was made for another application');
    if (activation.deviceId !== input.deviceId) throw mismatch('deviceId', 'this code was made for another device code');
    const ownerId = activation.userId ?? actor?.id;
    if (ownerId === undefined) throw new AppError('unauthorized', 'Sign in to redeem a code that was made without an account');
    if ((await findRegistrationByActivation(tx, activation.id)) !== undefined)
      throw new AppError('activation_redeemed', 'This activation code has already been redeemed');
    if (activation.userId === null) await setActivationOwner(tx, activation.id, ownerId);

    const { token, hash } = createDeviceToken();
    const registration = await insertRegistration(tx, {
      userId: ownerId,
      activationId: activation.id,
      deviceId: input.deviceId,
      hwId,
      s100HwId: s100?.hwId ?? null,
      s100UserPermit: s100?.userPermit ?? null,
      applicationTypeId: input.applicationTypeId,
      ...keyVersions,
      platformId: input.platformId,
      tokenHash: hash,
    });
    const licenseIds = input.licenseId !== undefined ? [input.licenseId] : await listCurrentUserLicenseIds(tx, ownerId);
    const attached = await attachToLicenses(tx, {
      ownerId,
      actor: actor ?? null,
      registrationId: registration.id,
      licenseIds,
      isExplicit: input.licenseId !== undefined,
      device: { deviceId: input.deviceId, platformId: input.platformId, applicationTypeId: input.applicationTypeId },
      ip: opts.ip,
    });
    return {
      token,
      installationId: attached[0]!.installationId,
      installationIds: attached.map((a) => a.installationId),
      licenseIds: attached.map((a) => a.licenseId),
      hwId,
      s100HwId: s100?.hwId ?? null,
      deviceId: input.deviceId,
    };
  });
}
