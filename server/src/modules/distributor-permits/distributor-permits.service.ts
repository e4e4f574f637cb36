import type { AllowedProductGroup, AvailableProduct } from '@chartroom/contracts/distributors';
import type { IssueLicenseQuery, IssuedLicense } from '@chartroom/contracts/licensing';
import { sellingPermitStatuses } from '@chartroom/contracts/policies/distributor-permits.policy';
import { isLicensable } from '@chartroom/contracts/policies/products.policy';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { toIssuedLicense } from '../licenses/licenses.presenter.js';
import { listIssuedByDistributor } from '../licenses/licenses.repository.js';
import { assertIssuable, insertIssuedLicense } from '../licenses/licenses.service.js';
import { toProduct, toProductWithOrigin } from '../products/products.presenter.js';
import { findProductWithOrigin, listSellableProducts } from '../products/products.repository.js';
import { asPermitStatus, toPermit } from './permits.presenter.js';
import { findDistributorByUser, insertPermit, listPermitsOfDistributor, lockDistributorPermit } from './permits.repository.js';

export async function requireDistributor(db: DbOrTx, actor: Actor) {
  const distributor = await findDistributorByUser(db, actor.id);
  if (!distributor) throw new AppError('distributor_required', 'Register as a distributor first');
  return distributor;
}

/** `POST /api/distributors/query`: the actor's distributor with its permits. */
export async function queryDistributors(opts: { db: Db; actor: Actor }) {
  const d = await requireDistributor(opts.db, opts.actor);
  const permits = await listPermitsOfDistributor(opts.db, d.id);
  return [{ id: d.id, title: d.title, mainUser: { email: opts.actor.email }, distributorsProducts: permits.map(toPermit) }];
}

/** Every enabled com, corp and individual product, with this distributor's permit status ('none' when not asked). */
export async function listAvailableProducts(opts: { db: Db; actor: Actor }): Promise<AvailableProduct[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  const [sellable, permits] = await Promise.all([listSellableProducts(opts.db), listPermitsOfDistributor(opts.db, d.id)]);
  const byProduct = new Map(permits.map((p) => [p.permit.productId, p.permit]));
  return sellable.map((row) => {
    const permit = byProduct.get(row.product.id);
    return { id: permit?.id ?? null, status: permit ? asPermitStatus(permit.status) : 'none', product: toProductWithOrigin(row) };
  });
}

/** `RequestPermition`: asks the product's provider for a permit; one request per product. */
export async function requestPermit(opts: { db: Db; actor: Actor; productId: number; ip: string | null }) {
  const { db, actor } = opts;
  const id = await db.transaction(async (tx) => {
    const d = await requireDistributor(tx, actor);
    const found = await findProductWithOrigin(tx, opts.productId);
    if (!found || !isLicensable(found.product)) throw notFound('product');
    const permit = await insertPermit(tx, d.id, found.product.id);
    if (!permit) throw new AppError('permit_already_requested', 'You have already requested a permit for this product');
    await recordAudit(tx, {
      actor,
      action: 'permit.request',
      geocontentId: found.product.geocontentId,
      subject: { permitId: permit.id, productId: found.product.id, distributorId: d.id, distributor: d.title },
      ip: opts.ip,
    });
    return permit.id;
  });
  const permits = await listPermitsOfDistributor(db, (await requireDistributor(db, actor)).id);
  return toPermit(permits.find((p) => p.permit.id === id)!);
}

/** Products the distributor may sell or has sold (accepted or paused permits), grouped by geocontent. */
export async function listAllowedProducts(opts: { db: Db; actor: Actor }): Promise<AllowedProductGroup[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  const groups = new Map<number, AllowedProductGroup>();
  for (const row of await listPermitsOfDistributor(opts.db, d.id, [...sellingPermitStatuses])) {
    const group = groups.get(row.geocontent.id) ?? {
      geoContent: { id: row.geocontent.id, title: row.geocontent.title, provider: { title: row.provider.title } },
      products: [],
    };
    group.products.push({ ...toProduct(row.product), permit: { id: row.permit.id, status: asPermitStatus(row.permit.status) } });
    groups.set(row.geocontent.id, group);
  }
  return [...groups.values()];
}

/** `issueLicense`: only while this distributor's permit for the product is accepted. */
export async function issueDistributorLicense(opts: {
  db: Db;
  actor: Actor;
  input: IssueLicenseQuery;
  ip: string | null;
  publicUrl: string;
}): Promise<IssuedLicense> {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const d = await requireDistributor(tx, actor);
    const permit = await lockDistributorPermit(tx, d.id, input.prodid);
    const found = await findProductWithOrigin(tx, input.prodid);
    if (!found) throw notFound('product');
    // The licences policy: an accepted permit (the permit row is locked until the licence is in), an enabled com or corp product.
    assertIssuable(found.product, permit ? asPermitStatus(permit.status) : 'none');
    const license = await insertIssuedLicense(tx, { ...opts, product: found.product, issuerType: 'distributor', distributorId: d.id });
    return toIssuedLicense({ license, email: input.email });
  });
}

export async function listDistributorIssuedLicenses(opts: { db: Db; actor: Actor; productId: number }): Promise<IssuedLicense[]> {
  const d = await requireDistributor(opts.db, opts.actor);
  const permits = await listPermitsOfDistributor(opts.db, d.id);
  if (!permits.some((p) => p.permit.productId === opts.productId)) throw notFound('product');
  return (await listIssuedByDistributor(opts.db, d.id, opts.productId)).map(toIssuedLicense);
}
