import type { IssueLicenseQuery, IssuerType, PublisherLicense } from '@chartroom/contracts/licensing';
import type { PermitStatus } from '@chartroom/contracts/constants';
import { licenseIssueRefusal } from '@chartroom/contracts/policies/licenses.policy';
import type { UserLicense } from '@chartroom/contracts/users';
import type { Db, DbOrTx } from '../../db/client.js';
import { presentOnce, readCacheOf } from '../../db/read-cache.js';
import type { ProductRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { addMonths } from '../../lib/dates.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { ensureUserAccount } from '../auth/auth.service.js';
import { findOwnedProduct } from '../products/products.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { toInstallation, toPublisherLicense } from './licenses.presenter.js';
import {
  deleteLicensesOfUser,
  findPublisherLicense,
  insertLicense,
  listLicensesOfGeocontentPrepared,
  listLicensesOfUserPrepared,
  listLicensesOfUsersPrepared,
} from './licenses.repository.js';

/**
 * Refuses a licence the licences policy does not allow: only enabled com, corp and individual products, and for
 * a distributor (`permit`: its permit's status, or 'none') only under an accepted permit.
 */
export function assertIssuable(product: ProductRow, permit?: PermitStatus | 'none'): void {
  switch (licenseIssueRefusal(product, permit)) {
    case 'no_permit':
      throw new AppError('permit_missing', 'You have no permit for this product: request one first');
    case 'permit_not_accepted':
      throw new AppError(
        'permit_not_accepted',
        `Your permit for this product is ${String(permit)}: only an accepted permit can issue licences`,
        { params: { status: String(permit) } },
      );
    case 'lic_type':
      throw new AppError('product_not_licensable', 'Licences are issued for com, corp and individual products only');
    case 'disabled':
      throw new AppError('product_disabled', 'This product is disabled: enable it before issuing licences');
    case null:
      return;
  }
}

/**
 * Issues a licence inside the caller's transaction. An e-mail without an account gets one (the
 * password is mailed), so the licence is never lost.
 */
export async function insertIssuedLicense(
  tx: DbOrTx,
  opts: {
    product: ProductRow;
    input: IssueLicenseQuery;
    issuerType: IssuerType;
    distributorId: number | null;
    actor: Actor;
    ip: string | null;
    publicUrl: string;
  },
) {
  const { product, input } = opts;
  const user = await ensureUserAccount(tx, input.email, opts.publicUrl);
  const issuedAt = new Date();
  const license = await insertLicense(tx, {
    productId: product.id,
    userId: user.id,
    issuedAt,
    expiresAt: addMonths(issuedAt, input.exp),
    deviceCount: input.devnum,
    price: product.licType === 'com' ? product.price : null,
    issuerType: opts.issuerType,
    distributorId: opts.distributorId,
    issuedByUserId: opts.actor.id,
  });
  await recordAudit(tx, {
    actor: opts.actor,
    action: 'license.issue',
    geocontentId: product.geocontentId,
    subject: {
      licenseId: license.id,
      productId: product.id,
      email: user.email,
      months: input.exp,
      deviceCount: input.devnum,
      issuerType: opts.issuerType,
    },
    ip: opts.ip,
  });
  return license;
}

/** `addpermit`: the provider issues a licence for one of its own com or corp products. */
export async function issueProviderLicense(opts: {
  db: Db;
  actor: Actor;
  input: IssueLicenseQuery;
  ip: string | null;
  publicUrl: string;
}): Promise<PublisherLicense> {
  const { db, actor, input } = opts;
  const id = await db.transaction(async (tx) => {
    const owned = await findOwnedProduct(tx, actor.id, input.prodid);
    if (!owned) throw notFound('product');
    assertIssuable(owned.product);
    const license = await insertIssuedLicense(tx, { ...opts, product: owned.product, issuerType: 'publisher', distributorId: null });
    return license.id;
  });
  return toPublisherLicense(await findPublisherLicense(db, id));
}

/** `removepermit`: removes a user's licences of one of the provider's products. */
export async function removeProviderLicense(opts: { db: Db; actor: Actor; input: { prodid: number; userid: number }; ip: string | null }) {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const owned = await findOwnedProduct(tx, actor.id, input.prodid);
    if (!owned) throw notFound('product');
    const removed = await deleteLicensesOfUser(tx, input.prodid, input.userid);
    if (removed.length === 0) throw notFound('licence');
    await recordAudit(tx, {
      actor,
      action: 'license.remove',
      geocontentId: owned.product.geocontentId,
      subject: { productId: input.prodid, userId: input.userid, licenseIds: removed.map((r) => r.id) },
      ip: opts.ip,
    });
    return { removed: removed.length };
  });
}

export async function listProviderLicenses(opts: { db: Db; actor: Actor; gcId: number }): Promise<PublisherLicense[]> {
  const { db, actor, gcId } = opts;
  const rows = await readCacheOf(db).get(`licenses-of-gc:${actor.id}:${gcId}`, async () => {
    const gc = await requireOwnedGeocontent(db, actor, gcId);
    return listLicensesOfGeocontentPrepared(db, gc.id);
  });
  return presentOnce(rows, presentPublisherLicenses);
}

const presentPublisherLicenses = (rows: readonly Parameters<typeof toPublisherLicense>[0][]) => rows.map(toPublisherLicense);

/** The `listLicenses` hook of `/users/getprofile`: the user's licences with installations. */
export async function listUserLicenses(db: Db, userId: number): Promise<UserLicense[]> {
  const rows =
    (await readCacheOf(db).getBatched(
      'licenses-of-user',
      userId,
      () => listLicensesOfUserPrepared(db, userId),
      (ids) => listLicensesOfUsersPrepared(db, ids),
    )) ?? [];
  return presentOnce(rows, presentUserLicenses);
}

function presentUserLicenses(rows: Awaited<ReturnType<typeof listLicensesOfUserPrepared>>): UserLicense[] {
  return rows.map(({ license, product, geocontent, installations }) => ({
    id: license.id,
    product: {
      id: product.id,
      licType: product.licType,
      enc: product.enc,
      s102: product.s102,
      poi: product.poi,
      ntm: product.ntm,
      ais: product.ais,
      weather: product.weather,
      noaaWeather: product.noaaWeather,
      navMsg: product.navMsg,
      geoContent: { id: geocontent.id, title: geocontent.title },
    },
    issued: license.issuedAt.toISOString(),
    expirationDate: license.expiresAt?.toISOString() ?? null,
    installations: installations.map((i) =>
      toInstallation({
        id: i.id,
        deviceId: i.device_id,
        platformId: i.platform_id,
        applicationTypeId: i.application_type_id,
        createdAt: new Date(i.created_at),
      }),
    ),
    deviceCount: license.deviceCount,
  }));
}
