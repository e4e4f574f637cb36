import { createHash, randomBytes } from 'node:crypto';

/** Device tokens are opaque random strings; only their SHA-256 is stored. */
export function createDeviceToken(): { token: string; hash: string } {
  const token = `crd_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token) };
}

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const hashes = new WeakMap<object, string | null>();

/**
 * The SHA-256 (hex) of the request's device token, or null without one: worked out once per
 * request, for both the rate limiter's key and the device's look-up.
 */
export function requestDeviceTokenHash(request: { headers: { authorization?: string | undefined } }): string | null {
  let hash = hashes.get(request);
  if (hash === undefined) {
    const token = readDeviceToken(request.headers.authorization);
    hash = token ? hashDeviceToken(token) : null;
    hashes.set(request, hash);
  }
  return hash;
}

/** The bearer token of a request, when it looks like a device token. */
export function readDeviceToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(crd_[A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  return match?.[1] ?? null;
}
