import { eq } from 'drizzle-orm';
import type { IssuerType } from '@chartroom/contracts/licensing';
import type { PermitStatus } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../client.js';
import {
  customProductItems,
  customProducts,
  distributorPermits,
  distributors,
  geocontents,
  installations,
  licenses,
  products,
  providers,
} from '../schema/index.js';
import type { DemoExtension } from './demo.js';

// Seed functions of the licensing module, shared by the demo data and the tests.

type Flags = Partial<Record<'s102' | 'poi' | 'ntm' | 'ais' | 'weather' | 'noaaWeather' | 'navMsg', boolean>>;

export async function seedProduct(
  db: DbOrTx,
  opts: { geocontentId: number; licType: 'com' | 'corp' | 'free'; price?: number; isEnabled?: boolean } & Flags,
) {
  const { geocontentId, licType, price, isEnabled, ...flags } = opts;
  const [row] = await db
    .insert(products)
    .values({
      geocontentId,
      licType,
      isEnabled: isEnabled ?? true,
      price: licType === 'com' ? (price ?? 100).toFixed(2) : null,
      enc: true,
      ...flags,
    })
    .returning();
  return row!;
}

export async function seedLicense(
  db: DbOrTx,
  opts: {
    productId: number;
    userId: number;
    deviceCount?: number;
    months?: number | null;
    issuerType?: IssuerType;
    distributorId?: number;
    issuedAt?: Date;
  },
) {
  const issuedAt = opts.issuedAt ?? new Date();
  const expiresAt = opts.months === null ? null : new Date(issuedAt);
  if (expiresAt) expiresAt.setUTCMonth(expiresAt.getUTCMonth() + (opts.months ?? 12));
  const [product] = await db.select().from(products).where(eq(products.id, opts.productId));
  const [row] = await db
    .insert(licenses)
    .values({
      productId: opts.productId,
      userId: opts.userId,
      issuedAt,
      expiresAt,
      deviceCount: opts.deviceCount ?? 0,
      price: product?.licType === 'com' ? product.price : null,
      issuerType: opts.issuerType ?? 'publisher',
      distributorId: opts.distributorId ?? null,
    })
    .returning();
  return row!;
}

export async function seedInstallation(
  db: DbOrTx,
  opts: { licenseId: number; deviceId: string; platformId: number; applicationTypeId?: number },
) {
  const [row] = await db
    .insert(installations)
    .values({
      licenseId: opts.licenseId,
      deviceId: opts.deviceId,
      platformId: opts.platformId,
      applicationTypeId: opts.applicationTypeId ?? null,
    })
    .returning();
  return row!;
}

export async function seedPermit(db: DbOrTx, opts: { distributorId: number; productId: number; status: PermitStatus }) {
  const [row] = await db.insert(distributorPermits).values(opts).returning();
  return row!;
}

export async function seedCustomProduct(db: DbOrTx, opts: { distributorId: number; userId: number; title: string; urls: string[] }) {
  const issuedAt = new Date();
  const expiredAt = new Date(issuedAt);
  expiredAt.setUTCMonth(expiredAt.getUTCMonth() + 12);
  const [row] = await db
    .insert(customProducts)
    .values({ distributorId: opts.distributorId, userId: opts.userId, title: opts.title, issuedAt, expiredAt })
    .returning();
  await db.insert(customProductItems).values(opts.urls.map((url) => ({ customProductId: row!.id, type: 'S63ENC', url })));
  return row!;
}

async function firstGeocontentOf(db: DbOrTx, ownerUserId: number) {
  const [row] = await db
    .select({ id: geocontents.id })
    .from(geocontents)
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(eq(providers.ownerUserId, ownerUserId))
    .orderBy(geocontents.id)
    .limit(1);
  return row!.id;
}

async function distributorOf(db: DbOrTx, mainUserId: number) {
  const [row] = await db.select().from(distributors).where(eq(distributors.mainUserId, mainUserId));
  return row!;
}

/**
 * Products on the demo geocontents, licences with installations for user@demo.test, one Demo Chart
 * Agency permit in each state, a distributor-issued licence and a custom product.
 */
export const seedLicensingDemo: DemoExtension = async (db, accounts) => {
  const id = (email: string) => accounts[email]!.id;
  await db.transaction(async (tx) => {
    const demoGc = await firstGeocontentOf(tx, id('provider@demo.test'));
    const adminGc = await firstGeocontentOf(tx, id('admin@demo.test'));
    const com = await seedProduct(tx, { geocontentId: demoGc, licType: 'com', price: 149.99, ais: true, ntm: true, weather: true });
    const corp = await seedProduct(tx, { geocontentId: demoGc, licType: 'corp', poi: true, ntm: true });
    await seedProduct(tx, { geocontentId: demoGc, licType: 'free' });
    const adminCom = await seedProduct(tx, { geocontentId: adminGc, licType: 'com', price: 80, s102: true });
    const adminCorp = await seedProduct(tx, { geocontentId: adminGc, licType: 'corp', navMsg: true });

    const user = id('user@demo.test');
    const comLicense = await seedLicense(tx, { productId: com.id, userId: user, deviceCount: 2 });
    await seedInstallation(tx, { licenseId: comLicense.id, deviceId: 'DEMO-TABLET-01', platformId: 3, applicationTypeId: 0 });
    const corpLicense = await seedLicense(tx, { productId: corp.id, userId: user, deviceCount: 0, months: 24 });
    await seedInstallation(tx, { licenseId: corpLicense.id, deviceId: 'DEMO-BRIDGE-PC', platformId: 1, applicationTypeId: 11 });
    await seedInstallation(tx, { licenseId: corpLicense.id, deviceId: 'DEMO-IPAD-07', platformId: 4, applicationTypeId: 2 });

    const agency = await distributorOf(tx, id('distributor@demo.test'));
    await seedPermit(tx, { distributorId: agency.id, productId: com.id, status: 'accepted' });
    await seedPermit(tx, { distributorId: agency.id, productId: corp.id, status: 'pending' });
    await seedPermit(tx, { distributorId: agency.id, productId: adminCom.id, status: 'paused' });
    await seedPermit(tx, { distributorId: agency.id, productId: adminCorp.id, status: 'rejected' });
    await seedLicense(tx, {
      productId: com.id,
      userId: id('manager@demo.test'),
      deviceCount: 1,
      issuerType: 'distributor',
      distributorId: agency.id,
    });
    await seedCustomProduct(tx, {
      distributorId: agency.id,
      userId: user,
      title: 'Baltic S-63 exchange set',
      urls: ['https://charts.example.org/s63/baltic-2025.zip'],
    });
  });
};
