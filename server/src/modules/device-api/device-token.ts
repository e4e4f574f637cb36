import { hash as oneShotHash, randomBytes } from 'node:crypto';

/** Device tokens are opaque random strings; only their SHA-256 is stored. */
export function createDeviceToken(): { token: string; hash: string } {
  const token = `crd_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token) };
}

export function hashDeviceToken(token: string): string {
  return oneShotHash('sha256', token, 'hex');
}

/** A request's device token as the device API uses it: its stored hash, and its rate-limit key. */
interface RequestToken {
  /** SHA-256 (hex), as stored. */
  hash: string;
  /** The same digest in base64url: under the rate-limit store's 64 characters with its prefix. */
  key: string;
}

const tokens = new WeakMap<object, RequestToken | null>();

/** The request's device token, hashed once per request for both the look-up and the rate limiter. */
function requestToken(request: { headers: { authorization?: string | undefined } }): RequestToken | null {
  let found = tokens.get(request);
  if (found === undefined) {
    const token = readDeviceToken(request.headers.authorization);
    const digest = token ? oneShotHash('sha256', token, 'buffer') : null;
    found = digest ? { hash: digest.toString('hex'), key: digest.toString('base64url') } : null;
    tokens.set(request, found);
  }
  return found;
}

/** The SHA-256 (hex) of the request's device token, or null without one. */
export function requestDeviceTokenHash(request: { headers: { authorization?: string | undefined } }): string | null {
  return requestToken(request)?.hash ?? null;
}

/** The rate limiter's key of the request's device token (its digest in base64url), or null without one. */
export function requestDeviceTokenKey(request: { headers: { authorization?: string | undefined } }): string | null {
  return requestToken(request)?.key ?? null;
}

/** The bearer token of a request, when it looks like a device token. */
export function readDeviceToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(crd_[A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  return match?.[1] ?? null;
}
