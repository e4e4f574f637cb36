import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { DeviceContext } from './device-context.js';
import { setS100UserPermit } from './registrations.repository.js';
import { findDeviceApplicationType } from '../application-types/manufacturer-keys.js';
import { readS100HwId } from './s100-user-permit.js';

/**
 * A redeemed device gives its S-100 user permit later (or a new one): checked against its
 * application's S-100 manufacturer; a new HW_ID starts its S-100 deliveries afresh.
 */
export async function addS100UserPermit(opts: {
  db: Db;
  box: SecretBox;
  device: DeviceContext;
  userPermit: string;
  ip: string | null;
}): Promise<{ s100HwId: string }> {
  const { registration } = opts.device;
  // A device already redeemed: its app may still carry the S-100 key it redeemed with.
  const app = await findDeviceApplicationType(opts.db, registration.applicationTypeId, { isNewDevice: false });
  const { hwId, userPermit } = await readS100HwId(opts.db, opts.box, app, opts.userPermit, registration.s100KeyVersion);
  await opts.db.transaction(async (tx) => {
    await setS100UserPermit(tx, registration.id, { hwId, userPermit });
    await recordAudit(tx, {
      actor: null,
      action: 'device.s100-user-permit',
      geocontentId: null,
      subject: {
        registrationId: registration.id,
        userId: registration.userId,
        deviceId: registration.deviceId,
        changed: registration.s100HwId !== hwId,
      },
      ip: opts.ip,
    });
  });
  return { s100HwId: hwId };
}
