import type { Locale } from '@chartroom/contracts/constants';
import type { UserProfile } from '@chartroom/contracts/users';
import type { Db } from '../../db/client.js';
import { presentOnceFor } from '../../db/read-cache.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { listUserLicenses } from '../licenses/licenses.service.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { setCurrentGeocontent, setUserLocale } from './users.repository.js';

/**
 * The signed-in user's profile with its licences. The account itself was read with the token's check
 * (a deleted account is already a 401 there): only the licences need a query.
 */
export async function getProfile(opts: { db: Db; actor: Actor }): Promise<UserProfile> {
  const { actor } = opts;
  const licenses = await listUserLicenses(opts.db, actor.id);
  // Requests sharing one read of the licences share one answer (and its JSON) per account state.
  const own = { id: actor.id, email: actor.email, currentGcId: actor.currentGcId, locale: actor.locale };
  return presentOnceFor(licenses, JSON.stringify(own), own, presentProfile);
}

// One function for every request: presentOnceFor shares answers per presenter.
const presentProfile = (licenses: UserProfile['licenses'], own: Omit<UserProfile, 'licenses'>): UserProfile => ({ ...own, licenses });

/** The language of the user's mail (and of the cabinet once signed in). */
export async function setLocale(opts: { db: Db; actor: Actor; locale: Locale }): Promise<{ locale: Locale }> {
  await setUserLocale(opts.db, opts.actor.id, opts.locale);
  return { locale: opts.locale };
}

/** Remembers the provider's current geocontent: its own only (404 otherwise), for itself only. */
export async function chooseCurrentGeocontent(opts: {
  db: Db;
  actor: Actor;
  input: { gcid: number; userid?: number | undefined };
}): Promise<{ currentGcId: number }> {
  const { db, actor, input } = opts;
  if (input.userid !== undefined && input.userid !== actor.id) {
    throw new AppError('forbidden', 'You can only change your own current geocontent');
  }
  const gc = await requireOwnedGeocontent(db, actor, input.gcid);
  await setCurrentGeocontent(db, actor.id, gc.id);
  return { currentGcId: gc.id };
}
