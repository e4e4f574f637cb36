import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findApplicationTypeRow, findRetiredKey, type ApplicationTypeRow, type KeyStandard } from './application-types.repository.js';

/** One manufacturer key, opened for the moment a user permit is read. */
export interface ManufacturerKey {
  version: number;
  mId: string;
  mKey: string;
}

const typeIssue = (message: string) => new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);

/**
 * The application type a device names. A new device (a redeem, a swap to new hardware) needs it
 * registered and enabled; a device that redeemed already needs it registered only, so switching a
 * type off stops new devices without cutting off the ones in use.
 */
export async function findDeviceApplicationType(db: DbOrTx, id: number, opts: { isNewDevice: boolean }): Promise<ApplicationTypeRow> {
  const row = await findApplicationTypeRow(db, id);
  if (!row) throw typeIssue(`application type ${id} is not registered on the portal`);
  if (opts.isNewDevice && !row.enabled) throw typeIssue(`${row.name} (application type ${id}) is switched off on the portal`);
  return row;
}

/** An activation code is made only for a registered, enabled type, on one of its platforms. */
export async function checkActivationTarget(db: DbOrTx, input: { applicationTypeId: number; platformId: number }): Promise<void> {
  const row = await findDeviceApplicationType(db, input.applicationTypeId, { isNewDevice: true });
  if (row.platforms.length > 0 && !row.platforms.includes(input.platformId)) {
    const message = `${row.name} does not run on platform ${input.platformId}: one of ${row.platforms.join(', ')}`;
    throw new AppError('validation', message, [{ path: 'body.platformId', message }]);
  }
}

/** The key in use for a standard, or null when none is registered. */
function currentKey(box: SecretBox, row: ApplicationTypeRow, standard: KeyStandard): ManufacturerKey | null {
  const [mId, sealed, version] =
    standard === 's63' ? [row.mId, row.mKeySealed, row.s63KeyVersion] : [row.s100MId, row.s100MKeySealed, row.s100KeyVersion];
  if (mId === null || sealed === null) return null;
  return { version: version ?? 1, mId, mKey: box.open(sealed).toString('utf8') };
}

/**
 * The keys a user permit of this type may be made with, in the order to try them: for a device
 * that redeemed before a rotation, the version it redeemed with first (its app may still carry the
 * old key), then the one in use; for a new device only the one in use. Empty: no key registered.
 */
export async function manufacturerKeysFor(
  db: DbOrTx,
  box: SecretBox,
  row: ApplicationTypeRow,
  standard: KeyStandard,
  redeemedVersion: number | null | undefined,
): Promise<ManufacturerKey[]> {
  const current = currentKey(box, row, standard);
  const keys: ManufacturerKey[] = [];
  if (redeemedVersion != null && redeemedVersion !== current?.version) {
    const retired = await findRetiredKey(db, row.applicationTypeId, standard, redeemedVersion);
    if (retired) keys.push({ version: retired.version, mId: retired.mId, mKey: box.open(retired.mKeySealed).toString('utf8') });
  }
  if (current) keys.push(current);
  return keys;
}
