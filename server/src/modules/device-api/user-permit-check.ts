import { decodeUserPermit, isS63Error } from '@chartroom/s63';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findDeviceApplication } from './device-api.repository.js';

const permitIssue = (message: string) => new AppError('validation', `User permit: ${message}`, [{ path: 'body.userPermit', message }]);

/**
 * The device's HW_ID from its S-63 user permit: the CRC is checked, the permit is decrypted with the
 * application's M_KEY (kept sealed) and its M_ID must be that application's.
 */
export async function readHwId(db: DbOrTx, box: SecretBox, applicationTypeId: number, userPermit: string): Promise<string> {
  const app = await findDeviceApplication(db, applicationTypeId);
  if (!app) {
    const message = 'this application has no S-63 manufacturer key on the portal';
    throw new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);
  }
  let decoded;
  try {
    decoded = decodeUserPermit(userPermit, box.open(app.mKeySealed).toString('utf8'));
  } catch (err) {
    if (!isS63Error(err)) throw err;
    if (err.code === 'bad_checksum') throw permitIssue('its checksum does not match (mistyped or damaged)');
    if (err.code === 'malformed_hw_id') throw permitIssue(err.message.replace(/^user permit /, 'it '));
    if (err.code === 'wrong_key')
      throw permitIssue(
        `it does not decrypt with the M_KEY of ${app.name} (application type ${applicationTypeId}): check the application type`,
      );
    throw permitIssue('it is not a valid S-63 user permit');
  }
  if (decoded.mId !== app.mId)
    throw permitIssue(`it was made for another manufacturer (M_ID ${JSON.stringify(decoded.mId)}), not ${app.name}`);
  return decoded.hwId;
}
