/**
 * Bearer tokens already verified, kept by their exact text (up to `max`, each never past its `exp`):
 * a client sends the same token on every request, and working out its signature and claims again each
 * time cost more than the rest of the request's own code. Only a token that passed `verify` is kept,
 * so a changed byte is a different key and is verified afresh. Revocation (logout, a password change,
 * a removed account) is not a property of the token and is checked per request by the caller.
 */
export interface TokenClaims {
  exp: number;
}

export type TokenCheck<C> = { ok: true; claims: C } | { ok: false; reason: 'expired' | 'invalid' };

export class VerifiedTokens<C extends TokenClaims> {
  private readonly kept = new Map<string, C>();

  constructor(
    /** Checks the signature and the time claims; throws (with `code` FAST_JWT_EXPIRED when expired). */
    private readonly verify: (token: string) => C,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The claims of `Authorization: Bearer <token>`, or why not. */
  check(authorization: string): TokenCheck<C> {
    const token = bearerToken(authorization);
    if (token === null) return { ok: false, reason: 'invalid' };
    const kept = this.kept.get(token);
    if (kept !== undefined) {
      if (kept.exp * 1000 > this.now()) return { ok: true, claims: kept };
      this.kept.delete(token);
      return { ok: false, reason: 'expired' };
    }
    let claims: C;
    try {
      claims = this.verify(token);
    } catch (err) {
      return { ok: false, reason: (err as { code?: string }).code === 'FAST_JWT_EXPIRED' ? 'expired' : 'invalid' };
    }
    // A token without a numeric expiry is never kept (the portal signs none).
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return { ok: true, claims };
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(token, Object.freeze(claims));
    return { ok: true, claims };
  }

  get size(): number {
    return this.kept.size;
  }
}

/** `Bearer <token>` (the scheme in any case, one space), as @fastify/jwt reads it; null otherwise. */
export function bearerToken(authorization: string): string | null {
  if (authorization.length < 8 || !/^Bearer\s/i.test(authorization)) return null;
  const parts = authorization.split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : null;
}
