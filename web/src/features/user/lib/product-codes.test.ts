import type { UserLicense } from '@chartroom/contracts/users';
import { describe, expect, it } from 'vitest';
import { productCodes } from './product-codes';

const product: UserLicense['product'] = {
  id: 1,
  licType: 'com',
  enc: true,
  s102: false,
  poi: false,
  ntm: true,
  ais: false,
  weather: true,
  noaaWeather: false,
  navMsg: true,
  geoContent: { id: 1, title: 'Harbour' },
};

describe('productCodes', () => {
  it('lists the short codes of the flags that are on, in display order', () => {
    expect(productCodes(product)).toEqual(['ENC', 'NTM', 'WTHR', 'NMSG']);
  });
});
