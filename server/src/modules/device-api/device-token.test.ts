import { describe, expect, it } from 'vitest';
import {
  createDeviceToken,
  DIGESTS_KEPT,
  hashDeviceToken,
  keptDigests,
  requestDeviceTokenHash,
  requestDeviceTokenKey,
} from './device-token.js';

const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } });

describe('a request’s device token digest', () => {
  it('is the stored SHA-256 of the token, the same for every request that carries it', () => {
    const { token, hash } = createDeviceToken();
    expect(hashDeviceToken(token)).toBe(hash);
    expect(requestDeviceTokenHash(request(`Bearer ${token}`))).toBe(hash);
    // A second request with the same token: from the kept digests, and still the same.
    expect(requestDeviceTokenHash(request(`Bearer ${token}`))).toBe(hash);
    expect(requestDeviceTokenKey(request(`Bearer ${token}`))).toBe(Buffer.from(hash, 'hex').toString('base64url'));
    const other = createDeviceToken();
    expect(requestDeviceTokenHash(request(`Bearer ${other.token}`))).toBe(other.hash);
  });

  it('is null without a device token', () => {
    expect(requestDeviceTokenHash(request())).toBeNull();
    expect(requestDeviceTokenHash(request('Bearer eyJhbGciOiJIUzI1NiJ9.e30.x'))).toBeNull();
    expect(requestDeviceTokenHash(request('crd_withoutbearerprefix0000000'))).toBeNull();
  });

  it('keeps a bounded number of digests, and one pushed out is worked out again', () => {
    const first = createDeviceToken();
    expect(requestDeviceTokenHash(request(`Bearer ${first.token}`))).toBe(first.hash);
    for (let i = 0; i < DIGESTS_KEPT + 10; i++) requestDeviceTokenHash(request(`Bearer ${createDeviceToken().token}`));
    expect(keptDigests()).toBe(DIGESTS_KEPT);
    expect(requestDeviceTokenHash(request(`Bearer ${first.token}`))).toBe(first.hash);
  });
});
