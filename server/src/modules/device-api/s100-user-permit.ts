import { decryptUserPermit, isS100Error, parseUserPermit } from '@chartroom/s100';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findDeviceApplication } from './device-api.repository.js';

const permitIssue = (message: string) =>
  new AppError('validation', `S-100 user permit: ${message}`, [{ path: 'body.s100UserPermit', message }]);

/**
 * The device's S-100 HW_ID (32 hex) from its S-100 user permit (Part 15 15-7.3): the CRC is checked,
 * the M_ID must be the application's S-100 manufacturer, and the HW_ID is decrypted with its M_KEY
 * (kept sealed). Answers the permit in upper case beside it.
 */
export async function readS100HwId(
  db: DbOrTx,
  box: SecretBox,
  applicationTypeId: number,
  userPermit: string,
): Promise<{ hwId: string; userPermit: string }> {
  const app = await findDeviceApplication(db, applicationTypeId);
  if (!app?.s100MId || !app.s100MKeySealed) {
    const message = 'this application has no S-100 manufacturer key on the portal';
    throw new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);
  }
  try {
    const parsed = parseUserPermit(userPermit, { isKnownManufacturer: (mId) => mId === app.s100MId!.toUpperCase() });
    return { hwId: decryptUserPermit(parsed, box.open(app.s100MKeySealed).toString('utf8')), userPermit: parsed.userPermit };
  } catch (err) {
    if (!isS100Error(err)) throw err;
    if (err.code === 'user_permit_checksum') throw permitIssue('its checksum does not match (mistyped or damaged)');
    if (err.code === 'unknown_manufacturer') {
      const mId = userPermit.trim().slice(40).toUpperCase();
      throw permitIssue(`it names manufacturer (M_ID) ${JSON.stringify(mId)}, not ${app.name}'s (${app.s100MId})`);
    }
    throw permitIssue(err.message);
  }
}
