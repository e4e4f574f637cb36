import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { resetLinkFrom, startSmtpServer } from '../../../test/smtp.js';

const attacker = '198.51.100.7';
const owner = '203.0.113.20';

describe('lockout cannot be turned against the owner of an account', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_PER_MINUTE: 1000 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { username: email, password } });

  it('10 wrong passwords from one address lock that address out of the account, not its owner elsewhere', async () => {
    const { email } = await t.loginAs('user');
    for (let i = 0; i < 10; i++) expect((await login(email, `guess-${i}`, attacker)).statusCode).toBe(401);

    const attackerAgain = await login(email, 'test-password', attacker);
    expect(attackerAgain.statusCode).toBe(429);
    expect(attackerAgain.json().code).toBe('rate_limited');

    const fromOwner = await login(email, 'test-password', owner);
    expect(fromOwner.statusCode).toBe(200);
  });

  it('keeps the counts in the database, so a second process sees them', async () => {
    const { email } = await t.loginAs('user');
    for (let i = 0; i < 10; i++) await login(email, `guess-${i}`, '198.51.100.8');
    const rows = await t.database.db.query.authThrottle.findMany();
    expect(rows.find((r) => r.key === `login:198.51.100.8:${email}`)?.count).toBe(10);
  });

  it('5 registration attempts for an e-mail do not block its owner from resetting the password', async () => {
    const { email } = await t.loginAs('user');
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: attacker, payload: { email } });
      expect(r.statusCode).toBe(409);
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: attacker, payload: { email } });
    expect(sixth.statusCode).toBe(429);

    const remind = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: owner,
      payload: { email, repassword: true },
    });
    expect(remind.statusCode).toBe(200);
    await t.app.jobs.drain();
    const link = resetLinkFrom(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: owner,
      payload: { token: link.searchParams.get('token'), password: 'the owners new password' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('limits reminder mail per recipient and answers every request alike', async () => {
    const { email } = await t.loginAs('user');
    const answers = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        remoteAddress: attacker,
        payload: { email, repassword: true },
      });
      expect(r.statusCode).toBe(200);
      answers.add(r.body);
    }
    expect(answers.size).toBe(1);
    await t.app.jobs.drain();
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(5);
    // Every mailed link still works for the owner: the flood gave them links, it took none away.
    const first = resetLinkFrom(mails[0]!.raw).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: owner,
      payload: { token: first, password: 'chosen by the owner' },
    });
    expect(reset.statusCode).toBe(200);
    // Once one was used, the others are void.
    const second = resetLinkFrom(mails[1]!.raw).searchParams.get('token');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: attacker,
      payload: { token: second, password: 'chosen by the attacker' },
    });
    expect(replay.statusCode).toBe(400);
  });
});
