import type { Role } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../client.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertGeocontent, insertProvider } from '../../modules/providers/providers.repository.js';
import { findUserByEmail, insertUser, setCurrentGeocontent } from '../../modules/users/users.repository.js';
import { distributors } from '../schema/index.js';

// Seed functions shared by the demo data and the tests.

export async function seedUser(db: DbOrTx, opts: { email: string; password: string; roles?: Role[] }) {
  const row = await insertUser(db, { email: opts.email, passwordHash: await hashPassword(opts.password), roles: opts.roles ?? ['user'] });
  if (!row) throw new Error(`seedUser: ${opts.email} exists`);
  return row;
}

export async function seedProvider(db: DbOrTx, opts: { ownerUserId: number; title: string; geocontentTitle: string }) {
  const provider = await insertProvider(db, { title: opts.title, ownerUserId: opts.ownerUserId });
  if (!provider) throw new Error('seedProvider: the user already owns a provider');
  const geocontent = await insertGeocontent(db, { providerId: provider.id, title: opts.geocontentTitle });
  await setCurrentGeocontent(db, opts.ownerUserId, geocontent.id);
  return { provider, geocontent };
}

export async function seedDistributor(db: DbOrTx, opts: { mainUserId: number; title: string }) {
  const [row] = await db.insert(distributors).values({ title: opts.title, mainUserId: opts.mainUserId }).returning();
  return row!;
}

export { findUserByEmail };
