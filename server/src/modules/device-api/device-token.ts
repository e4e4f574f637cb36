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

/**
 * The digests of the device tokens seen last, by Authorization header: a device polls with the same
 * token again and again, and its SHA-256 was a tenth of an update check's time. A digest never
 * changes, so this holds no state to go stale: whether the token is still valid is read from the
 * database on every call. Bounded (the oldest go first) and kept in this process's memory only, as
 * the headers themselves are while requests run; never written anywhere.
 */
const digests = new Map<string, RequestToken>();
export const DIGESTS_KEPT = 2000;

function digestOf(authorization: string | undefined): RequestToken | null {
  const token = readDeviceToken(authorization);
  const digest = token ? oneShotHash('sha256', token, 'buffer') : null;
  return digest ? { hash: digest.toString('hex'), key: digest.toString('base64url') } : null;
}

/** The request's device token, hashed once per request for both the look-up and the rate limiter. */
function requestToken(request: { headers: { authorization?: string | undefined } }): RequestToken | null {
  let found = tokens.get(request);
  if (found === undefined) {
    found = keptDigestOf(request.headers.authorization);
    tokens.set(request, found);
  }
  return found;
}

/** The header's digest from those kept, or worked out and kept (only a device token's). */
function keptDigestOf(authorization: string | undefined): RequestToken | null {
  if (authorization === undefined) return null;
  const kept = digests.get(authorization);
  if (kept) return kept;
  const digest = digestOf(authorization);
  if (digest) {
    if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value!);
    digests.set(authorization, digest);
  }
  return digest;
}

/** How many token digests are kept (for tests). */
export function keptDigests(): number {
  return digests.size;
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
