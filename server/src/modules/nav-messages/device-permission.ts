import type { DbOrTx } from '../../db/client.js';
import { hasActiveActivation, hasInstallationOnGeocontent } from './nav-messages.repository.js';

/**
 * May this user send navigation messages into this geocontent? The one place the rule lives:
 * a device installed on a licence of the geocontent; until every device arrives through a
 * licence, an active device activation of the user is accepted too.
 */
export async function canPostNavMessage(db: DbOrTx, userId: number, geocontentId: number): Promise<boolean> {
  if (await hasInstallationOnGeocontent(db, userId, geocontentId)) return true;
  return hasActiveActivation(db, userId);
}
