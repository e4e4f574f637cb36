import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

// The signed-in check's kept tokens (plugins/auth.ts), with the portal's own signer and verifier.
describe('verified tokens kept by their text', () => {
  let t: TestApp;
  let clock = Date.now();
  let verified = 0;
  const tokens = (max = 10_000) =>
    new VerifiedTokens<{ exp: number; sub: number }>(
      (token) => {
        verified++;
        return t.app.jwt.verify(token);
      },
      max,
      () => clock,
    );
  const sign = (sub: number, expiresIn: number) => t.app.jwt.sign({ sub, email: 'x@example.test', tv: 0, sid: 's', sat: 0 }, { expiresIn });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('verifies a token once, then answers from what it kept until the token expires', () => {
    const kept = tokens();
    const token = sign(7, 60);
    clock = Date.now();
    verified = 0;
    const first = kept.check(`Bearer ${token}`);
    const again = kept.check(`bearer ${token}`);
    expect(first).toMatchObject({ ok: true, claims: { sub: 7 } });
    expect(again).toEqual(first);
    expect(verified).toBe(1);
    // Past its expiry the kept token is refused as expired and let go.
    clock += 61_000;
    expect(kept.check(`Bearer ${token}`)).toEqual({ ok: false, reason: 'expired' });
    expect(kept.size).toBe(0);
  });

  it('refuses a changed, an expired and a malformed token, and keeps none of them', () => {
    const kept = tokens();
    clock = Date.now();
    const token = sign(8, 60);
    const changed = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(kept.check(`Bearer ${changed}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(kept.check(`Bearer ${sign(8, -10)}`)).toEqual({ ok: false, reason: 'expired' });
    for (const header of ['Basic abc', 'Bearer', 'Bearer ', `Bearer ${token} extra`, token]) {
      expect(kept.check(header)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(kept.size).toBe(0);
    // The genuine token still passes after its changed copy was refused.
    expect(kept.check(`Bearer ${token}`).ok).toBe(true);
  });

  it('keeps at most its limit, letting the oldest go first', () => {
    const kept = tokens(2);
    clock = Date.now();
    const [a, b, c] = [sign(1, 60), sign(2, 60), sign(3, 60)];
    for (const token of [a, b, c]) kept.check(`Bearer ${token}`);
    expect(kept.size).toBe(2);
    verified = 0;
    kept.check(`Bearer ${c}`);
    expect(verified).toBe(0);
    kept.check(`Bearer ${a}`);
    expect(verified).toBe(1);
  });

  it('reads the header as @fastify/jwt does', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('BEARER abc')).toBe('abc');
    expect(bearerToken('Bearer  abc')).toBeNull();
    expect(bearerToken('Token abc')).toBeNull();
  });
});
