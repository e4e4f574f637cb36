import type { Product, ProductWithOrigin } from '@chartroom/contracts/licensing';
import type { ProductRow } from '../../db/schema/index.js';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    gcid: row.geocontentId,
    geoContentId: row.geocontentId,
    licType: row.licType,
    isEnabled: row.isEnabled,
    price: row.price === null ? null : Number(row.price),
    enc: row.enc,
    s102: row.s102,
    poi: row.poi,
    ntm: row.ntm,
    ais: row.ais,
    weather: row.weather,
    noaaWeather: row.noaaWeather,
    navMsg: row.navMsg,
  };
}

export function toProductWithOrigin(row: {
  product: ProductRow;
  geocontent: { id: number; title: string };
  provider: { title: string };
}): ProductWithOrigin {
  return {
    ...toProduct(row.product),
    geoContent: { id: row.geocontent.id, title: row.geocontent.title, provider: { title: row.provider.title } },
  };
}
