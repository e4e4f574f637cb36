import type { Product } from '@chartroom/contracts/licensing';
import { canManageGeocontents } from '@chartroom/contracts/policies/geocontents.policy';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { toProduct } from '../products/products.presenter.js';
import { listProductsOfGeocontents } from '../products/products.repository.js';
import { grantRole, setCurrentGeocontent } from '../users/users.repository.js';
import {
  findGeocontentOwnedByUser,
  findProviderByOwner,
  insertGeocontent,
  insertProvider,
  listGeocontents,
} from './providers.repository.js';

export async function requireProvider(db: DbOrTx, actor: Actor) {
  const provider = await findProviderByOwner(db, actor.id);
  if (!provider) throw new AppError('provider_required', 'Register as a provider first');
  return provider;
}

/**
 * The actor's geocontent or 404 (geocontents policy: a provider's own; the owner is in the query's
 * WHERE, so other providers' ids are indistinguishable from missing ones).
 */
export async function requireOwnedGeocontent(db: DbOrTx, actor: Actor, gcId: number) {
  const gc = canManageGeocontents(actor) ? await findGeocontentOwnedByUser(db, actor.id, gcId) : undefined;
  if (!gc) throw notFound('geocontent');
  return gc;
}

/**
 * The geocontent a call names, or else the one `setCurrentGC` stored (spec §7 lists GoToPoiEditor,
 * ConvertPoi and GET /api/navmessages without a `gcid`). The owner check stays with the caller.
 */
export function gcidOrCurrent(actor: Actor, gcid: number | undefined): number {
  const id = gcid ?? actor.currentGcId;
  if (id === null || id === undefined)
    throw new AppError('validation', 'Pass gcid, or choose a current geocontent with setCurrentGC first', [
      { path: 'query.gcid', code: 'required', message: 'Pass gcid, or choose a current geocontent with setCurrentGC first' },
    ]);
  return id;
}

/**
 * `create2`: the provider registration (first call: makes the provider and grants the role) and
 * the add-geocontent form (later calls). The new geocontent becomes the current one.
 */
export async function createGeocontent(opts: { db: Db; actor: Actor; input: { gcTitle: string; providerTitle?: string | undefined } }) {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    let provider = await findProviderByOwner(tx, actor.id);
    if (!provider) {
      const title = input.providerTitle?.trim();
      if (!title)
        throw new AppError('validation', 'providerTitle is required to register as a provider', [
          { path: 'querystring.providerTitle', message: 'required', code: 'required' },
        ]);
      provider = (await insertProvider(tx, { title, ownerUserId: actor.id })) ?? (await findProviderByOwner(tx, actor.id))!;
      await grantRole(tx, actor.id, 'provider');
    }
    const gc = await insertGeocontent(tx, { providerId: provider.id, title: input.gcTitle });
    await setCurrentGeocontent(tx, actor.id, gc.id);
    return gc;
  });
}

/** Products per geocontent id, each geocontent's in the repository's order. */
async function listProductsByGeocontent(db: DbOrTx, gcIds: number[]): Promise<Map<number, Product[]>> {
  const out = new Map<number, Product[]>();
  for (const row of await listProductsOfGeocontents(db, gcIds)) {
    const list = out.get(row.geocontentId) ?? [];
    list.push(toProduct(row));
    out.set(row.geocontentId, list);
  }
  return out;
}

/** `GET /api/geocontent/`: the provider's geocontents with their products. */
export async function listOwnGeocontents(opts: { db: Db; actor: Actor }) {
  const me = await getProviderMe(opts);
  return me.geoContents;
}

/** `GET /api/geocontent/{id}`: one of the provider's geocontents with its products; 404 for others. */
export async function getOwnGeocontent(opts: { db: Db; actor: Actor; input: { id: number } }) {
  const { db, actor } = opts;
  const provider = await requireProvider(db, actor);
  const gc = await requireOwnedGeocontent(db, actor, opts.input.id);
  const products = await listProductsByGeocontent(db, [gc.id]);
  return {
    id: gc.id,
    title: gc.title,
    createdAt: gc.createdAt.toISOString(),
    products: products.get(gc.id) ?? [],
    provider: { id: provider.id, title: provider.title },
  };
}

export async function getProviderMe(opts: { db: Db; actor: Actor }) {
  const { db, actor } = opts;
  const provider = await requireProvider(db, actor);
  const gcs = await listGeocontents(db, provider.id);
  const products = await listProductsByGeocontent(
    db,
    gcs.map((g) => g.id),
  );
  return {
    id: provider.id,
    title: provider.title,
    geoContents: gcs.map((g) => ({ id: g.id, title: g.title, createdAt: g.createdAt.toISOString(), products: products.get(g.id) ?? [] })),
  };
}
