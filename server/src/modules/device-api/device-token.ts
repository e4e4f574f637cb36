import { createHash, randomBytes } from 'node:crypto';

/** Device tokens are opaque random strings; only their SHA-256 is stored. */
export function createDeviceToken(): { token: string; hash: string } {
  const token = `crd_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token) };
}

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The bearer token of a request, when it looks like a device token. */
export function readDeviceToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(crd_[A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  return match?.[1] ?? null;
}
