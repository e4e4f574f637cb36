import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { eq, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema/index.js';
import { mailPart, passwordFrom, plainTextOf, resetLinkFrom, startSmtpServer } from '../../../test/smtp.js';

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
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'New.Sailor@Example.test', userType: 'user' },
    });
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

  it('mails in the language of the page the user registered on, with a plain-text and an HTML part', async () => {
    const email = 'matros@example.test';
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email, locale: 'ru' } });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    const raw = smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw;
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const text = plainTextOf(raw);
    expect(text).toContain('Ваша учётная запись в Chartroom готова');
    expect(text).toContain('http://localhost:8080/ru/login');
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: passwordFrom(raw) } });
    expect(login.statusCode).toBe(200);
  });

  it('mails a one-time reset link on reminder; the old password works until the link is used', async () => {
    const email = 'forgetful@example.test';
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email } });
    await t.app.jobs.drain();
    const first = passwordFrom(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw);
    const before = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: first } });
    const oldToken = before.json().token as string;

    const remind = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email, repassword: true } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'nobody@example.test', repassword: true },
    });
    expect(remind.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(remind.json().message);
    await t.app.jobs.drain();
    expect(smtp.received.some((m) => m.to.includes('nobody@example.test'))).toBe(false);

    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.raw).toContain('Subject: Reset your Chartroom password');
    expect(plainTextOf(mail.raw)).toContain('The link works once, for 60 minutes');
    expect(mailPart(mail.raw, 'text/html')).toContain('<a href="http://localhost:8080/reset-password?token=');
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const link = resetLinkFrom(mail.raw);
    expect(link.origin + link.pathname).toBe('http://localhost:8080/reset-password');
    const token = link.searchParams.get('token')!;
    // Only a hash of the token is stored.
    const stored = await t.database.db.query.passwordResets.findMany();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Until the link is used nothing changed.
    const stillOld = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: first } });
    expect(stillOld.statusCode).toBe(200);

    const chosen = 'my own new password';
    const reset = await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, password: chosen } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email, token: expect.stringMatching(/^ey/) });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/users/getprofile',
      headers: { authorization: `Bearer ${reset.json().token}` },
    });
    expect(profile.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'someone elses password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset_link_invalid');

    const oldLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: first } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: chosen } });
    expect(newLogin.statusCode).toBe(200);
    // Tokens from before the reset are refused.
    const stale = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${oldToken}` } });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses an expired reset link and a made-up one', async () => {
    const email = 'late@example.test';
    await t.loginAs('user', email);
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email, repassword: true } });
    await t.app.jobs.drain();
    const token = resetLinkFrom(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw).searchParams.get('token')!;
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, (await t.database.db.query.users.findFirst({ where: eq(users.email, email) }))!.id));
    // Links live one hour.
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3600_000);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.id, row!.id));

    const expired = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'a long new password' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('reset_link_invalid');
    const madeUp = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: 'A'.repeat(43), password: 'a long new password' },
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().code).toBe('reset_link_invalid');
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: 'test-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('sends the Russian reset mail to an account whose language is Russian', async () => {
    const u = await t.loginAs('user');
    const setLocale = await t.app.inject({ method: 'POST', url: '/users/locale', headers: u.headers, payload: { locale: 'ru' } });
    expect(setLocale.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers });
    expect(profile.json().locale).toBe('ru');
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: u.email, repassword: true } });
    await t.app.jobs.drain();
    const raw = smtp.received.filter((m) => m.to.includes(u.email)).at(-1)!.raw;
    expect(plainTextOf(raw)).toContain('Ссылка действует один раз');
    expect(resetLinkFrom(raw).pathname).toBe('/ru/reset-password');
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
    expect(
      res
        .json()
        .roles.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['provider', 'user']);
  });

  it('renews a token near its expiry through the new-token header, and refresh issues one on demand', async () => {
    const u = await t.loginAs('user');
    const fresh = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['new-token']).toBeUndefined();

    const now = Math.floor(Date.now() / 1000);
    const nearExpiry = t.app.jwt.sign({ sub: u.id, email: u.email, tv: 0, sid: 'near-expiry', sat: now }, { expiresIn: 300 });
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
    const expired = t.app.jwt.sign(
      { sub: u.id, email: u.email, tv: 0, sid: 'expired', sat: Math.floor(Date.now() / 1000) - 60 },
      { expiresIn: -10 },
    );
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

describe('links in mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PORT: 24123 });
  });
  afterAll(() => t.close());

  it('point at PUBLIC_URL, which follows PORT by default', async () => {
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'port@example.test' } });
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'port@example.test', repassword: true } });
    await t.app.jobs.drain();
    const mails = await t.database.db.query.mailOutbox.findMany();
    expect(mails.map((m) => m.text)).toEqual([
      expect.stringContaining('Sign in: http://localhost:24123/login'),
      expect.stringContaining('Choose a new password: http://localhost:24123/reset-password?token='),
    ]);
  });
});
