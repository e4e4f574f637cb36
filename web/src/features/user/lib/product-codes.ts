import type { shortProductCodes } from '@chartroom/contracts/constants';
import type { UserLicense } from '@chartroom/contracts/users';

type ShortCode = (typeof shortProductCodes)[number];
type Product = UserLicense['product'];

// Spec §9 short codes, in their display order, with the product flag each one stands for.
const codeFlags: ReadonlyArray<[ShortCode, keyof Product]> = [
  ['ENC', 'enc'],
  ['AIS', 'ais'],
  ['NTM', 'ntm'],
  ['POI', 'poi'],
  ['WTHR', 'weather'],
  ['NMSG', 'navMsg'],
];

/** The short codes of what a product carries, e.g. ['ENC', 'NTM']. */
export function productCodes(product: Product): ShortCode[] {
  return codeFlags.filter(([, flag]) => product[flag] === true).map(([code]) => code);
}
