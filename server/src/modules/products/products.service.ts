import type { Product, SaveProductBody } from '@chartroom/contracts/licensing';
import { productChange } from '@chartroom/contracts/policies/products.policy';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { toProduct } from './products.presenter.js';
import { findProductByType, insertProduct, updateProduct } from './products.repository.js';

/**
 * `AddUpdateProduct`, following the product state machine (spec §4): not created → enabled on
 * create; enabled → updated or disabled; disabled → enabled. ENC is always on; price only for com.
 */
export async function saveProduct(opts: { db: Db; actor: Actor; input: SaveProductBody; ip: string | null }): Promise<Product> {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    const gc = await requireOwnedGeocontent(tx, actor, input.gcid);
    const existing = await findProductByType(tx, gc.id, input.licType);
    if (input.id !== undefined && existing?.id !== input.id) throw notFound('product');
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
    // The product state machine (products policy): refusals first, then one write per change.
    const change = productChange(existing, input.isEnabled);
    if (change === 'refuse_not_created')
      throw new AppError('product_not_created', 'This product does not exist yet: create it (enabled) first');
    if (change === 'refuse_disabled') throw new AppError('product_disabled', 'This product is disabled: enable it before changing it');
    let row;
    if (change === 'create' || !existing) {
      row = await insertProduct(tx, { geocontentId: gc.id, licType: input.licType, isEnabled: true, ...fields });
      if (!row)
        throw new AppError('product_exists', `A ${input.licType} product already exists for this geocontent`, {
          params: { licType: input.licType },
        });
    } else if (change === 'disable') {
      row = await updateProduct(tx, existing.id, { isEnabled: false, updatedAt: new Date() });
    } else {
      row = await updateProduct(tx, existing.id, { ...fields, isEnabled: true, updatedAt: new Date() });
    }
    const action = `product.${change}` as const;
    const product = toProduct(row);
    await recordAudit(tx, {
      actor,
      action,
      geocontentId: gc.id,
      subject: { productId: product.id, licType: product.licType, price: product.price },
      ip: opts.ip,
    });
    return product;
  });
}
