import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startSmtpServer } from '../../../test/smtp.js';

const remote = '203.0.113.66';

// The reproduction of issue 10: a guest asks for a victim's password reminder and reads the outbox.
describe('account takeover through the reminder and the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('leaves nothing readable to a remote guest or a non-admin, and the old password keeps working', async () => {
    const victim = await t.loginAs('provider', 'victim@example.test');
    const remind = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: remote,
      payload: { email: victim.email, repassword: true },
    });
    expect(remind.statusCode).toBe(200);
    await t.app.jobs.drain();

    const guest = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?email=${victim.email}`, remoteAddress: remote });
    expect(guest.statusCode).toBe(401);
    expect(guest.body).not.toContain('reset-password');
    const intruder = await t.loginAs('distributor');
    const withToken = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?email=${victim.email}`,
      remoteAddress: remote,
      headers: intruder.headers,
    });
    expect(withToken.statusCode).toBe(403);
    expect(withToken.body).not.toContain('reset-password');

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: remote,
      payload: { username: victim.email, password: 'test-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('shows the outbox on this machine (the first-run path) and to an admin anywhere', async () => {
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'first.run@example.test' } });
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?email=first.run@example.test', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json().messages[0].text).toMatch(/Password: \S+/);
    const admin = await t.loginAs('admin');
    const remoteAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?email=first.run@example.test',
      remoteAddress: remote,
      headers: admin.headers,
    });
    expect(remoteAdmin.statusCode).toBe(200);
  });
});

describe('the outbox behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: true });
  });
  afterAll(() => t.close());

  it('is never served to a client just because the proxy connects from loopback', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '203.0.113.5' }]) {
      const r = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect(r.statusCode).toBe(401);
    }
  });
});

describe('the outbox behind a proxy on this machine that TRUST_PROXY does not describe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'behind.proxy@example.test' } });
    await t.app.jobs.drain();
  });
  afterAll(() => t.close());

  const forwarded: Record<string, string>[] = [
    { forwarded: 'for=203.0.113.5;proto=https' },
    { 'x-forwarded-for': '203.0.113.5' },
    { 'x-forwarded-for': '127.0.0.1' },
    { 'x-forwarded-host': 'portal.example.com' },
    { 'x-forwarded-proto': 'https' },
    { 'x-real-ip': '203.0.113.5' },
    { 'true-client-ip': '203.0.113.5' },
    { 'cf-connecting-ip': '203.0.113.5' },
    { via: '1.1 proxy' },
    { 'x-forwarded-for': '' },
  ];

  it('refuses every request that carries a forwarding header, from loopback and to an admin too', async () => {
    const admin = await t.loginAs('admin');
    for (const headers of forwarded) {
      for (const auth of [{}, admin.headers]) {
        const r = await t.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress: '127.0.0.1',
          headers: { ...headers, ...auth },
        });
        expect(r.statusCode, JSON.stringify(headers)).toBe(403);
        expect(r.json()).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/TRUST_PROXY/) });
        expect(r.body).not.toContain('Password');
      }
    }
    // The same client without the proxy's headers is on this machine: the first-run path still works.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?email=behind.proxy@example.test',
      remoteAddress: '127.0.0.1',
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().messages[0].text).toMatch(/Password: \S+/);
  });
});

describe('the outbox with SMTP', () => {
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

  it('does not exist, even for an admin on this machine', async () => {
    const admin = await t.loginAs('admin');
    const r = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers: admin.headers });
    expect(r.statusCode).toBe(404);
  });
});
