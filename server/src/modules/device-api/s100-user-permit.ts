import { decryptUserPermit, isS100Error, parseUserPermit } from '@chartroom/s100';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ApplicationTypeRow } from '../application-types/application-types.repository.js';
import { manufacturerKeysFor } from '../application-types/manufacturer-keys.js';

const permitIssue = (message: string) =>
  new AppError('validation', `S-100 user permit: ${message}`, [{ path: 'body.s100UserPermit', message }]);

/**
 * The device's S-100 HW_ID (32 hex) from its S-100 user permit (Part 15 15-7.3): the CRC is checked,
 * the M_ID must be the application's S-100 manufacturer, and the HW_ID is decrypted with its M_KEY
 * (kept sealed). A device that redeemed before a key rotation is read with the version it redeemed
 * with first (the permit carries no check of the key, so the first key of its M_ID decides).
 * Answers the permit in upper case beside it, and the key version that read it.
 */
export async function readS100HwId(
  db: DbOrTx,
  box: SecretBox,
  app: ApplicationTypeRow,
  userPermit: string,
  redeemedVersion?: number | null,
): Promise<{ hwId: string; userPermit: string; keyVersion: number }> {
  const keys = await manufacturerKeysFor(db, box, app, 's100', redeemedVersion);
  if (keys.length === 0) {
    const message = 'this application has no S-100 manufacturer key on the portal';
    throw new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);
  }
  const current = keys[keys.length - 1]!;
  try {
    const parsed = parseUserPermit(userPermit, { isKnownManufacturer: (mId) => keys.some((k) => k.mId.toUpperCase() === mId) });
    const key = keys.find((k) => k.mId.toUpperCase() === parsed.mId)!;
    return { hwId: decryptUserPermit(parsed, key.mKey), userPermit: parsed.userPermit, keyVersion: key.version };
  } catch (err) {
    if (!isS100Error(err)) throw err;
    if (err.code === 'user_permit_checksum') throw permitIssue('its checksum does not match (mistyped or damaged)');
    if (err.code === 'unknown_manufacturer') {
      const mId = userPermit.trim().slice(40).toUpperCase();
      throw permitIssue(`it names manufacturer (M_ID) ${JSON.stringify(mId)}, not ${app.name}'s (${current.mId})`);
    }
    throw permitIssue(err.message);
  }
}
