import type { Product, SaveProductBody } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { toProduct } from './products.presenter.js';
import { findProductByType, insertProduct, listProductsOfGeocontents, updateProduct } from './products.repository.js';

/** `listProducts` hook of the provider and geocontent routes: products per geocontent id. */
export async function listProductsByGeocontent(db: Db, gcIds: number[]): Promise<Map<number, Product[]>> {
  const map = new Map<number, Product[]>();
  for (const row of await listProductsOfGeocontents(db, gcIds)) {
    const list = map.get(row.geocontentId) ?? [];
    list.push(toProduct(row));
    map.set(row.geocontentId, list);
  }
  return map;
}

/**
 * `AddUpdateProduct`, following the product state machine (spec §4): not created → enabled on
 * create; enabled → updated or disabled; disabled → enabled. ENC is always on; price only for com.
 */
export async function saveProduct(opts: { db: Db; actor: Actor; input: SaveProductBody; ip: string | null }): Promise<Product> {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const gc = await requireOwnedGeocontent(tx, actor, input.gcid);
    const existing = await findProductByType(tx, gc.id, input.licType);
    if (input.id !== undefined && existing?.id !== input.id) throw notFound('Product');
    const fields = {
      price: input.licType === 'com' && input.price != null ? input.price.toFixed(2) : null,
      enc: true,
      s102: input.s102,
      poi: input.poi,
      ntm: input.ntm,
      ais: input.ais,
      weather: input.weather,
      noaaWeather: input.noaaWeather,
      navMsg: input.navMsg,
    };
    let action: string;
    let row;
    if (!existing) {
      if (!input.isEnabled) throw conflict('This product does not exist yet: create it (enabled) first');
      row = await insertProduct(tx, { geocontentId: gc.id, licType: input.licType, isEnabled: true, ...fields });
      if (!row) throw conflict(`A ${input.licType} product already exists for this geocontent`);
      action = 'product.create';
    } else if (existing.isEnabled) {
      row = input.isEnabled
        ? await updateProduct(tx, existing.id, { ...fields, updatedAt: new Date() })
        : await updateProduct(tx, existing.id, { isEnabled: false, updatedAt: new Date() });
      action = input.isEnabled ? 'product.update' : 'product.disable';
    } else {
      if (!input.isEnabled) throw new AppError('conflict', 'This product is disabled: enable it before changing it');
      row = await updateProduct(tx, existing.id, { ...fields, isEnabled: true, updatedAt: new Date() });
      action = 'product.enable';
    }
    const product = toProduct(row);
    await recordAudit(tx, { actor, action, geocontentId: gc.id, subject: { productId: product.id, licType: product.licType, price: product.price }, ip: opts.ip });
    return product;
  });
}
