import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { passwordFrom, startSmtpServer } from '../../../test/smtp.js';

describe('accounts over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers, mails a password that signs in, and refuses a second registration with user_exist', async () => {
    const email = 'new.sailor@example.test';
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'New.Sailor@Example.test', userType: 'user' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });

    expect(await t.app.jobs.drain()).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const password = passwordFrom(mail!.raw);

    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.email).toBe(email);
    expect(body.roles).toEqual([{ name: 'user' }]);
    expect(body.token).toMatch(/^ey/);
    expect(JSON.stringify(body)).not.toContain('passwordHash');

    const again = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'user_exist' });
  });

  it('mails a new password on reminder, and answers the same for an unknown e-mail', async () => {
    const email = 'forgetful@example.test';
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    await t.app.jobs.drain();
    const first = passwordFrom(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw);

    const remind = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email, repassword: true } });
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'nobody@example.test', repassword: true } });
    expect(remind.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(remind.json().message);
    await t.app.jobs.drain();
    expect(smtp.received.some((m) => m.to.includes('nobody@example.test'))).toBe(false);

    const second = passwordFrom(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw);
    expect(second).not.toBe(first);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: first } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: second } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a malformed e-mail with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(res.json().details[0].path).toContain('email');
  });
});

describe('sign-in and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TOKEN_TTL_SECONDS: 3600, TOKEN_RENEW_SECONDS: 600, LOGIN_FAILURES_PER_ACCOUNT: 5 });
  });
  afterAll(() => t.close());

  it('answers a wrong password with 401 and a message', async () => {
    const { email } = await t.loginAs('user');
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'wrong' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_credentials', message: 'Wrong e-mail or password' });
  });

  it('signs in with the right password', async () => {
    const { email } = await t.loginAs('provider');
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'test-password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles.map((r: { name: string }) => r.name).sort()).toEqual(['provider', 'user']);
  });

  it('refuses an account after repeated failures, even with the right password', async () => {
    const { email } = await t.loginAs('user');
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: `bad-${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'test-password' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
  });

  it('renews a token near its expiry through the new-token header, and refresh issues one on demand', async () => {
    const u = await t.loginAs('user');
    const fresh = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['new-token']).toBeUndefined();

    const nearExpiry = t.app.jwt.sign({ sub: u.id, email: u.email }, { expiresIn: 300 });
    const renewed = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${nearExpiry}` } });
    expect(renewed.statusCode).toBe(200);
    const newToken = renewed.headers['new-token'];
    expect(typeof newToken).toBe('string');
    const again = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${String(newToken)}` } });
    expect(again.statusCode).toBe(200);
    expect(again.json().email).toBe(u.email);

    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: u.headers });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ email: u.email, roles: [{ name: 'user' }] });
  });

  it('answers an expired or forged token with 401', async () => {
    const u = await t.loginAs('user');
    const expired = t.app.jwt.sign({ sub: u.id, email: u.email }, { expiresIn: -10 });
    const r1 = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${expired}` } });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().code).toBe('token_expired');
    const forged = u.token.slice(0, -4) + 'AAAA';
    const r2 = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${forged}` } });
    expect(r2.statusCode).toBe(401);
  });
});

describe('per-address rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message past the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: `x${i}@example.test`, password: 'nope' } });
      codes.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/too many/i) });
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('does not let a client pick its address with X-Forwarded-For', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { username: 'spoof@example.test', password: 'nope' },
    });
    expect(r.statusCode).toBe(429);
  });
});
