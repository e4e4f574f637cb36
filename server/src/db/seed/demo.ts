import { inArray } from 'drizzle-orm';
import type { Role } from '@chartroom/contracts/constants';
import { roles } from '@chartroom/contracts/constants';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { seedDistributor, seedProvider, seedUser } from './factories.js';

export const demoPassword = 'demo-password';

export const demoAccounts: { email: string; roles: Role[] }[] = [
  { email: 'user@demo.test', roles: ['user'] },
  { email: 'provider@demo.test', roles: ['user', 'provider'] },
  { email: 'distributor@demo.test', roles: ['user', 'distributor', 'distributor2', 'order-manager'] },
  { email: 'manager@demo.test', roles: ['user', 'order-manager', 'distributor2'] },
  { email: 'admin@demo.test', roles: [...roles] },
];

/** Extra demo content that later modules add (charts, products, licences…), run after the accounts. */
export type DemoExtension = (db: Db, accounts: Record<string, { id: number }>) => Promise<void>;

/** Seeds the demo accounts and their data. With `reset`, the demo accounts are deleted first. */
export async function seedDemo(db: Db, opts: { reset?: boolean; extensions?: DemoExtension[] } = {}): Promise<boolean> {
  const emails = demoAccounts.map((a) => a.email);
  if (opts.reset) await db.delete(users).where(inArray(users.email, emails));
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  if (existing.length > 0) return false;

  const accounts: Record<string, { id: number }> = {};
  await db.transaction(async (tx) => {
    for (const a of demoAccounts) accounts[a.email] = await seedUser(tx, { email: a.email, password: demoPassword, roles: a.roles });
    await seedProvider(tx, {
      ownerUserId: accounts['provider@demo.test']!.id,
      title: 'Demo Hydrographic Office',
      geocontentTitle: 'Demo Harbour Charts',
    });
    await seedProvider(tx, {
      ownerUserId: accounts['admin@demo.test']!.id,
      title: 'Admin Survey Office',
      geocontentTitle: 'Admin Test Charts',
    });
    await seedDistributor(tx, { mainUserId: accounts['distributor@demo.test']!.id, title: 'Demo Chart Agency' });
    await seedDistributor(tx, { mainUserId: accounts['admin@demo.test']!.id, title: 'Admin Chart Agency' });
  });
  for (const extend of opts.extensions ?? []) await extend(db, accounts);
  return true;
}
