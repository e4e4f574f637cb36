import { decodeUserPermit, isS63Error } from '@chartroom/s63';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ApplicationTypeRow } from '../application-types/application-types.repository.js';
import { findDeviceApplicationType, manufacturerKeysFor } from '../application-types/manufacturer-keys.js';
import { readS100HwId } from './s100-user-permit.js';

const permitIssue = (message: string) => new AppError('validation', `User permit: ${message}`, [{ path: 'body.userPermit', message }]);

/**
 * The device's HW_ID from its S-63 user permit: the CRC is checked, the permit is decrypted with the
 * application's M_KEY (kept sealed; for a device that redeemed before a key rotation, also the
 * version it redeemed with) and its M_ID must be that key's. Answers the key version that read it.
 */
export async function readHwId(
  db: DbOrTx,
  box: SecretBox,
  app: ApplicationTypeRow,
  userPermit: string,
  redeemedVersion?: number | null,
): Promise<{ hwId: string; keyVersion: number }> {
  const keys = await manufacturerKeysFor(db, box, app, 's63', redeemedVersion);
  if (keys.length === 0) {
    const message = 'this application has no S-63 manufacturer key on the portal';
    throw new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);
  }
  let foreignMId: string | null = null;
  for (const key of keys) {
    let decoded;
    try {
      decoded = decodeUserPermit(userPermit, key.mKey);
    } catch (err) {
      if (!isS63Error(err)) throw err;
      if (err.code === 'bad_checksum') throw permitIssue('its checksum does not match (mistyped or damaged)');
      if (err.code === 'malformed_hw_id') throw permitIssue(err.message.replace(/^user permit /, 'it '));
      if (err.code === 'wrong_key') continue;
      throw permitIssue('it is not a valid S-63 user permit');
    }
    if (decoded.mId === key.mId) return { hwId: decoded.hwId, keyVersion: key.version };
    foreignMId = decoded.mId;
  }
  if (foreignMId !== null) throw permitIssue(`it was made for another manufacturer (M_ID ${JSON.stringify(foreignMId)}), not ${app.name}`);
  throw permitIssue(
    `it does not decrypt with the M_KEY of ${app.name} (application type ${app.applicationTypeId}): check the application type`,
  );
}

/** The key versions a device's permits were read with (or, for a standard it gave none of, the type's version in use then). */
export interface DeviceKeyVersions {
  s63KeyVersion: number | null;
  s100KeyVersion: number | null;
}

/**
 * Reads the user permits a device gives (redeem, swap) against its application type's keys: the
 * type must be registered, and enabled for a new device. `redeemed` is the versions an existing
 * device redeemed with, so a permit its app made with a key rotated out since still reads.
 */
export async function readDevicePermits(
  db: DbOrTx,
  box: SecretBox,
  input: { applicationTypeId: number; userPermit?: string | undefined; s100UserPermit?: string | undefined },
  redeemed?: DeviceKeyVersions,
): Promise<{ hwId: string | null; s100: { hwId: string; userPermit: string } | null; keyVersions: DeviceKeyVersions }> {
  const app = await findDeviceApplicationType(db, input.applicationTypeId, { isNewDevice: redeemed === undefined });
  const s63 = input.userPermit !== undefined ? await readHwId(db, box, app, input.userPermit, redeemed?.s63KeyVersion) : null;
  const s100 = input.s100UserPermit !== undefined ? await readS100HwId(db, box, app, input.s100UserPermit, redeemed?.s100KeyVersion) : null;
  return {
    hwId: s63?.hwId ?? null,
    s100: s100 ? { hwId: s100.hwId, userPermit: s100.userPermit } : null,
    keyVersions: {
      s63KeyVersion: s63?.keyVersion ?? app.s63KeyVersion,
      s100KeyVersion: s100?.keyVersion ?? app.s100KeyVersion,
    },
  };
}
