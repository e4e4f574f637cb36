import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role, RateProduct } from '@chartroom/contracts/constants';
import type { RatesInput } from '@chartroom/contracts/agreements';
import type { Database } from '../../db/client.js';
import { seedDistributor, seedProvider } from '../../db/seed/factories.js';
import { seedProduct } from '../../db/seed/licensing-demo.js';
import { ratesGrid, seedAgreement, seedAgreementUser, seedUserInstallation } from '../../db/seed/orders-demo.js';
import { linkRateProduct } from '../agreements/agreements.repository.js';

// Shared by the agreement and order tests. The test app is described by shape (not imported from
// test/helper.ts) so this file stays inside the server's compiled sources.
type Login = { id: number; email: string; token: string; headers: { authorization: string } };
export interface OrdersTestApp {
  app: FastifyInstance;
  database: Database;
  loginAs(roles: Role[] | Role, email?: string): Promise<Login>;
}

/** net / endUser per currency: Primar 100/150 RUB, NOAA 10/15 RUB, NHO 25.50/30 RUB (USD a tenth). */
export const testRates: RatesInput = ratesGrid(['mKart', 'dKart'], {
  Primar: { RUB: ['100.00', '150.00'], USD: ['10.00', '15.00'] },
  NOAA: { RUB: ['10.00', '15.00'], USD: ['1.00', '1.50'] },
  NHO: { RUB: ['25.50', '30.00'], USD: ['2.55', '3.00'] },
});

/** A distributor (with the three roles registration grants) and one agreement, with portal products linked. */
export async function setUpDesk(
  t: OrdersTestApp,
  opts: { agreementLimit?: string | null; currency?: 'RUB' | 'USD'; validTill?: string } = {},
) {
  const owner = await t.loginAs(['distributor', 'distributor2', 'order-manager']);
  const distributor = await seedDistributor(t.database.db, { mainUserId: owner.id, title: `Agency ${owner.id}` });
  const agreement = await seedAgreement(t.database.db, {
    distributorId: distributor.id,
    name: `Fleet ${owner.id}`,
    currency: opts.currency ?? 'RUB',
    agreementLimit: opts.agreementLimit ?? null,
    rates: testRates,
    ...(opts.validTill ? { validTill: opts.validTill } : {}),
  });
  return { owner, distributor, agreement };
}

/** Links each rate product to a fresh portal product (what processing licenses). */
export async function linkTestProducts(t: OrdersTestApp) {
  const provider = await t.loginAs('provider');
  const { geocontent } = await seedProvider(t.database.db, {
    ownerUserId: provider.id,
    title: `Office ${provider.id}`,
    geocontentTitle: `Charts ${provider.id}`,
  });
  const ids: Record<string, number> = {};
  for (const [product, licType] of [
    ['Primar', 'com'],
    ['NOAA', 'corp'],
    ['NHO', 'free'],
  ] as const) {
    const row = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType });
    await linkRateProduct(t.database.db, product, row.id);
    ids[product] = row.id;
  }
  return ids as Record<RateProduct, number>;
}

/** A user with one installation (application type 101 = mKart unless given) on the agreement. */
export async function addShip(t: OrdersTestApp, agreementId: number, opts: { userLimit?: string | null; applicationTypeId?: number } = {}) {
  const user = await t.loginAs('user');
  const installation = await seedUserInstallation(t.database.db, {
    userId: user.id,
    deviceId: `DEV-${randomUUID().slice(0, 8)}`,
    applicationTypeId: opts.applicationTypeId ?? 101,
    shipName: `Ship ${user.id}`,
  });
  await seedAgreementUser(t.database.db, {
    agreementId,
    userId: user.id,
    installationId: installation.id,
    userLimit: opts.userLimit ?? null,
  });
  return { user, installation };
}

export function placeOrder(
  t: OrdersTestApp,
  user: Login,
  body: {
    installationId: number;
    paymentMethod: string;
    agreementId?: number;
    shipName?: string;
    items: { product: string; months: number }[];
  },
  key: string = randomUUID(),
) {
  return t.app.inject({ method: 'POST', url: '/api/app/v1/orders', headers: { ...user.headers, 'idempotency-key': key }, payload: body });
}
