import type { AttachInstallationBody } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { toInstallation } from '../licenses/licenses.presenter.js';
import {
  deleteInstallation,
  findInstallationByDevice,
  findLicenseGeocontentId,
  insertInstallationIfRoom,
  lockUserLicense,
  lockUserLicenseWithGeocontent,
} from './devices.repository.js';

/**
 * Attaches a device to the user's licence. The licence row is locked for the transaction and the
 * installations are counted inside it, so concurrent attaches never exceed deviceCount (0 = unlimited).
 * A device already on the licence gets its existing installation back (`created: false`).
 */
export async function attachInstallation(opts: {
  db: Db;
  actor: Actor;
  licenseId: number;
  input: AttachInstallationBody;
  ip: string | null;
}) {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const locked = await lockUserLicenseWithGeocontent(tx, opts.licenseId, actor.id);
    if (!locked) throw notFound('licence');
    const { license } = locked;
    if (license.expiresAt && license.expiresAt.getTime() <= Date.now()) {
      throw new AppError('license_expired', 'This licence has expired: devices can no longer be attached');
    }
    const row = await insertInstallationIfRoom(tx, license.deviceCount, {
      licenseId: license.id,
      deviceId: input.deviceId,
      platformId: input.platformId,
      applicationTypeId: input.applicationTypeId ?? null,
    });
    if (!row) {
      const existing = await findInstallationByDevice(tx, license.id, input.deviceId);
      if (existing) return { created: false, installation: toInstallation(existing) };
      throw new AppError('limit_exceeded', `This licence is for ${license.deviceCount} device(s) and all are in use: detach one first`, {
        params: { limit: 'devices', max: license.deviceCount },
      });
    }
    await recordAudit(tx, {
      actor,
      action: 'installation.attach',
      geocontentId: locked.geocontentId,
      subject: { licenseId: license.id, installationId: row.id, deviceId: row.deviceId, platformId: row.platformId },
      ip: opts.ip,
    });
    return { created: true, installation: toInstallation(row) };
  });
}

/** Frees a slot of the user's licence. */
export async function detachInstallation(opts: { db: Db; actor: Actor; licenseId: number; installationId: number; ip: string | null }) {
  const { db, actor } = opts;
  await db.transaction(async (tx) => {
    const license = await lockUserLicense(tx, opts.licenseId, actor.id);
    if (!license) throw notFound('licence');
    const row = await deleteInstallation(tx, license.id, opts.installationId);
    if (!row) throw notFound('installation');
    await recordAudit(tx, {
      actor,
      action: 'installation.detach',
      geocontentId: await findLicenseGeocontentId(tx, license.productId),
      subject: { licenseId: license.id, installationId: row.id, deviceId: row.deviceId, platformId: row.platformId },
      ip: opts.ip,
    });
  });
}
