import { limits, type Currency } from '@chartroom/contracts/constants';

export type CartGood = { id: number; nameKey: string; price: number; added: boolean };

export const cartCurrency: Currency = 'RUB';

/** The fixed demo goods (spec §2 Shopping cart); names are translation keys in `cart`. */
export const demoGoods: readonly CartGood[] = [
  { id: 1, nameKey: 'goods.baltic', price: limits.cartItemPrice, added: false },
  { id: 2, nameKey: 'goods.finland', price: limits.cartItemPrice, added: false },
  { id: 3, nameKey: 'goods.ntm', price: limits.cartItemPrice, added: false },
  { id: 4, nameKey: 'goods.weather', price: limits.cartItemPrice, added: false },
];

export function cartTotal(goods: readonly CartGood[]): number {
  return goods.reduce((sum, good) => (good.added ? sum + good.price : sum), 0);
}
