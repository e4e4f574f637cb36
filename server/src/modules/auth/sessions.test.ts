import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('sessions end on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TOKEN_TTL_SECONDS: 3600, TOKEN_RENEW_SECONDS: 600, SESSION_MAX_SECONDS: 7 * 24 * 3600 });
  });
  afterAll(() => t.close());

  it('logout revokes that session (its renewed tokens too) and leaves other sessions signed in', async () => {
    const u = await t.loginAs('user');
    const laptop = await signIn(t, u.email, 'test-password');
    const phone = await signIn(t, u.email, 'test-password');
    const renewed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(laptop) });
    const laptopRenewed = renewed.json().token as string;

    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(laptop) });
    expect(out.statusCode).toBe(200);
    for (const token of [laptop, laptopRenewed]) {
      const r = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(token) });
      expect(r.statusCode).toBe(401);
    }
    const stillIn = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(phone) });
    expect(stillIn.statusCode).toBe(200);
  });

  it('reads the sessions of concurrent requests together and still sees a logout at the next request', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => t.loginAs('user')));
    const tokens = await Promise.all(users.map((u) => signIn(t, u.email, 'test-password')));
    const profile = (token: string) => t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(token) });
    // Many at once, several on one session: each request answered for its own account.
    const answers = await Promise.all(tokens.flatMap((token) => [profile(token), profile(token), profile(token)]));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.map((r) => r.json().email)).toEqual(users.flatMap((u) => [u.email, u.email, u.email]));
    // A logout while others are in flight: every request that starts after it is refused.
    const during = tokens.map((token) => profile(token));
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(tokens[0]!) })).statusCode).toBe(200);
    await Promise.all(during);
    const after = await Promise.all([profile(tokens[0]!), profile(tokens[0]!), profile(tokens[1]!)]);
    expect(after.map((r) => r.statusCode)).toEqual([401, 401, 200]);
  });

  it('a password change ends every earlier session and signs in anew', async () => {
    const u = await t.loginAs('user');
    const other = await signIn(t, u.email, 'test-password');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: u.headers,
      payload: { currentPassword: 'not-it', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    const short = await t.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: u.headers,
      payload: { currentPassword: 'test-password', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: u.headers,
      payload: { currentPassword: 'test-password', newPassword: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect(changed.headers['new-token']).toBe(fresh);

    for (const token of [u.token, other]) {
      const r = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(token) });
      expect(r.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(fresh) })).statusCode).toBe(200);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: u.email, password: 'test-password' },
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t, u.email, 'a brand new password');
  });

  it('renewal never carries a session past its absolute lifetime', async () => {
    const u = await t.loginAs('user');
    const now = Math.floor(Date.now() / 1000);
    const max = 7 * 24 * 3600;
    const row = { id: u.id, email: u.email, tokenVersion: 0 };

    // A session signed in almost 7 days ago, its token about to expire: the renewal ends with the
    // session, and the renewed token is not renewed again.
    const sat = now - max + 120;
    const late = t.app.jwt.sign({ sub: u.id, email: u.email, tv: 0, sid: 'late-session', sat }, { expiresIn: 60 });
    const answer = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(late) });
    expect(answer.statusCode).toBe(200);
    const renewed = String(answer.headers['new-token'] ?? '');
    expect(renewed).not.toBe('');
    const renewedExp = (t.app.jwt.decode(renewed) as { exp: number }).exp;
    expect(renewedExp).toBeGreaterThan(now + 60);
    expect(renewedExp).toBeLessThanOrEqual(sat + max);
    const next = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(renewed) });
    expect(next.statusCode).toBe(200);
    expect(next.headers['new-token']).toBeUndefined();
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(renewed) });
    expect((t.app.jwt.decode(refreshed.json().token as string) as { exp: number }).exp).toBeLessThanOrEqual(sat + max);
    const signed = t.app.signToken(row, { sid: 'late-session', sat });
    expect((t.app.jwt.decode(signed) as { exp: number }).exp).toBeLessThanOrEqual(sat + max);

    // A token of a session older than the lifetime is refused even when its own expiry is later.
    const forged = t.app.jwt.sign({ sub: u.id, email: u.email, tv: 0, sid: 'old-session', sat: now - max - 1 }, { expiresIn: 3600 });
    const refused = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(forged) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('token_expired');
  });

  it('refuses a token without a session (issued before sessions existed)', async () => {
    const u = await t.loginAs('user');
    const legacy = t.app.jwt.sign({ sub: u.id, email: u.email } as never, { expiresIn: 3600 });
    const r = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: bearer(legacy) });
    expect(r.statusCode).toBe(401);
  });
});
