import { and, eq } from 'drizzle-orm';
import type { Currency, RateApplication, RateProduct } from '@chartroom/contracts/constants';
import type { RatesInput } from '@chartroom/contracts/agreements';
import type { Db, DbOrTx } from '../client.js';
import { distributorMembers, distributors, geocontents, products, providers, userInstallations, users } from '../schema/index.js';
import { flattenRates } from '../../modules/agreements/agreements.service.js';
import {
  ensureAgreementUser,
  insertAgreement,
  insertAgreementInstallation,
  linkRateProduct,
  replaceRates,
  setUserLimitRow,
} from '../../modules/agreements/agreements.repository.js';
import { approveOrder, cancelOrder, processOrder } from '../../modules/orders/order-desk.service.js';
import { createOrder } from '../../modules/orders/orders.service.js';
import { actorFromUser, type Actor } from '../../plugins/auth.js';
import type { DemoExtension } from './demo.js';

// Seed functions of agreements and orders, shared by the demo data, the tests and the benchmark.

export async function seedUserInstallation(
  db: DbOrTx,
  opts: { userId: number; deviceId: string; applicationTypeId: number | null; platformId?: number; shipName?: string },
) {
  const [row] = await db
    .insert(userInstallations)
    .values({
      userId: opts.userId,
      deviceId: opts.deviceId,
      applicationTypeId: opts.applicationTypeId,
      platformId: opts.platformId ?? 1,
      shipName: opts.shipName ?? null,
    })
    .returning();
  return row!;
}

/** A rates grid: every application × product given, `net` and `endUser` per currency. */
export function ratesGrid(
  applications: RateApplication[],
  prices: Partial<Record<RateProduct, Record<Currency, [string, string]>>>,
): RatesInput {
  const grid: RatesInput = {};
  for (const application of applications) {
    grid[application] = Object.entries(prices).map(([product, byCurrency]) => ({
      product: product as RateProduct,
      rates: {
        RUB: { net: byCurrency.RUB[0], endUser: byCurrency.RUB[1] },
        USD: { net: byCurrency.USD[0], endUser: byCurrency.USD[1] },
      },
    }));
  }
  return grid;
}

export async function seedAgreement(
  db: DbOrTx,
  opts: {
    distributorId: number;
    name: string;
    currency?: Currency;
    validTill?: string;
    supervisorId?: number | null;
    agreementLimit?: string | null;
    rates?: RatesInput;
  },
) {
  const validTill = opts.validTill ?? new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const row = await insertAgreement(db, {
    distributorId: opts.distributorId,
    name: opts.name,
    type: 'com',
    currency: opts.currency ?? 'RUB',
    validTill,
    supervisorId: opts.supervisorId ?? null,
    agreementLimit: opts.agreementLimit ?? null,
  });
  if (opts.rates) await replaceRates(db, row.id, flattenRates(opts.rates));
  return row;
}

/** Puts a user's installation on an agreement, with the user's limit (null = none). */
export async function seedAgreementUser(
  db: DbOrTx,
  opts: { agreementId: number; userId: number; installationId: number; userLimit?: string | null },
) {
  await insertAgreementInstallation(db, { agreementId: opts.agreementId, userId: opts.userId, installationId: opts.installationId });
  await ensureAgreementUser(db, opts.agreementId, opts.userId);
  if (opts.userLimit !== undefined) await setUserLimitRow(db, opts.agreementId, opts.userId, opts.userLimit);
}

export async function seedDistributorMember(db: DbOrTx, distributorId: number, userId: number) {
  await db.insert(distributorMembers).values({ distributorId, userId }).onConflictDoNothing();
}

async function actorOf(db: DbOrTx, email: string): Promise<Actor> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return actorFromUser(row!);
}

async function productOf(db: DbOrTx, ownerEmail: string, licType: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .innerJoin(users, eq(users.id, providers.ownerUserId))
    .where(and(eq(users.email, ownerEmail), eq(products.licType, licType)))
    .orderBy(products.id)
    .limit(1);
  return row?.id;
}

const demoPrices = {
  Primar: { RUB: ['450.00', '600.00'], USD: ['5.00', '7.00'] },
  NOAA: { RUB: ['120.00', '180.00'], USD: ['1.50', '2.00'] },
  NHO: { RUB: ['300.00', '390.00'], USD: ['3.20', '4.50'] },
} satisfies Partial<Record<RateProduct, Record<Currency, [string, string]>>>;

/**
 * The order desk's demo: rate products linked to demo products, the "Baltic Fleet" agreement of Demo
 * Chart Agency with mKart and dKart rates in RUB and USD, two ships on it with limits, and orders in
 * every status (charged, refunded, refused by the user limit, awaiting a card payment, a trial).
 */
export const seedOrdersDemo: DemoExtension = async (db: Db, accounts) => {
  const id = (email: string) => accounts[email]!.id;
  const primar = await productOf(db, 'provider@demo.test', 'com');
  const nho = await productOf(db, 'provider@demo.test', 'corp');
  const noaa = await productOf(db, 'admin@demo.test', 'com');
  if (primar) await linkRateProduct(db, 'Primar', primar);
  if (nho) await linkRateProduct(db, 'NHO', nho);
  if (noaa) await linkRateProduct(db, 'NOAA', noaa);

  const [agency] = await db
    .select()
    .from(distributors)
    .where(eq(distributors.mainUserId, id('distributor@demo.test')));
  if (!agency) return;
  await seedDistributorMember(db, agency.id, id('manager@demo.test'));

  const agreement = await seedAgreement(db, {
    distributorId: agency.id,
    name: 'Baltic Fleet 2026',
    supervisorId: id('admin@demo.test'),
    agreementLimit: '20000.00',
    rates: ratesGrid(['mKart', 'dKart'], demoPrices),
  });
  await seedAgreement(db, {
    distributorId: agency.id,
    name: 'North Sea Survey (USD)',
    currency: 'USD',
    rates: ratesGrid(['mKart'], demoPrices),
  });

  const star = await seedUserInstallation(db, {
    userId: id('user@demo.test'),
    deviceId: 'DEMO-MKART-ECDIS',
    applicationTypeId: 101,
    platformId: 1,
    shipName: 'MV Baltic Star',
  });
  const trawler = await seedUserInstallation(db, {
    userId: id('manager@demo.test'),
    deviceId: 'DEMO-DKART-NAV',
    applicationTypeId: 102,
    platformId: 3,
    shipName: 'Nordic Trawler',
  });
  await seedAgreementUser(db, { agreementId: agreement.id, userId: id('user@demo.test'), installationId: star.id, userLimit: '8000.00' });
  await seedAgreementUser(db, { agreementId: agreement.id, userId: id('manager@demo.test'), installationId: trawler.id, userLimit: null });

  const user = await actorOf(db, 'user@demo.test');
  const skipper = await actorOf(db, 'manager@demo.test');
  const desk = await actorOf(db, 'distributor@demo.test');
  const payments = { stripe: true, yoomoney: true };
  const place = async (
    actor: Actor,
    key: string,
    installationId: number,
    paymentMethod: 'agreement' | 'stripe' | 'yoomoney' | 'trial',
    items: { product: RateProduct; months: number }[],
  ) =>
    (
      await createOrder({
        db,
        actor,
        idempotencyKey: `demo-${key}`,
        ip: null,
        payments,
        input: { installationId, paymentMethod, items, shipName: undefined },
      })
    ).order;

  const completed = await place(user, 'complete', star.id, 'agreement', [{ product: 'Primar', months: 3 }]);
  await processOrder({ db, actor: desk, orderId: completed.id, ip: null });
  const cancelled = await place(skipper, 'cancelled', trawler.id, 'agreement', [{ product: 'NHO', months: 2 }]);
  await cancelOrder({ db, actor: desk, orderId: cancelled.id, ip: null });
  await place(user, 'new', star.id, 'agreement', [
    { product: 'NOAA', months: 1 },
    { product: 'NHO', months: 12 },
  ]);
  const approved = await place(skipper, 'approved', trawler.id, 'agreement', [{ product: 'Primar', months: 6 }]);
  // The agreement's supervisor (the owner) approves it: the desk shows an owner approved order.
  await approveOrder({ db, actor: await actorOf(db, 'admin@demo.test'), orderId: approved.id, ip: null });
  await place(user, 'error', star.id, 'agreement', [{ product: 'Primar', months: 12 }]);
  await place(skipper, 'pre-order', trawler.id, 'stripe', [{ product: 'NOAA', months: 6 }]);
  await place(user, 'trial', star.id, 'trial', [{ product: 'NHO', months: 1 }]);
};
