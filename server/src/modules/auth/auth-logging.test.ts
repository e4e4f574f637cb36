import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedProvider } from '../../db/seed/factories.js';

describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('carry a request id and never a password, a token or a mailed password', async () => {
    const u = await t.loginAs('user');
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: u.email, password: 'test-password' } });
    const token = login.json().token as string;
    await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'logged@example.test' } });
    await t.app.jobs.drain();
    const [mail] = await t.database.db.query.mailOutbox.findMany();
    const mailed = /Password: (\S+)/.exec(mail!.text)![1]!;
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'logged@example.test', repassword: true } });
    await t.app.jobs.drain();
    const reset = (await t.database.db.query.mailOutbox.findMany()).at(-1)!;
    const resetToken = /token=([\w-]+)/.exec(reset.text)![1]!;
    // The link opened in a browser, then used.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token: resetToken, password: 'logged-new-password' } });

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((l) => typeof JSON.parse(l).reqId === 'string')).toBe(true);
    expect(all).not.toContain('test-password');
    expect(all).not.toContain(token);
    expect(all).not.toContain(mailed);
    expect(all).not.toContain(resetToken);
    expect(all).not.toContain('logged-new-password');
    expect(all).toContain('token=[redacted]');
    expect(all).toContain('logged@example.test');
  });

  it("write only the first characters of a map task id (the map's access key), wherever it is in a URL", async () => {
    const provider = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, { ownerUserId: provider.id, title: 'Logged HO', geocontentTitle: 'charts' });
    const task = await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${geocontent.id}`, headers: provider.headers });
    const taskId = task.json().taskId as string;
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: provider.headers });
    await t.app.inject({ method: 'GET', url: `/tiles/1/0/0.pbf?taskId=${taskId}&v=1` });
    await t.app.inject({ method: 'GET', url: `/tiles/1/0/0.png?v=1&TASKID=${taskId}` });
    await t.app.inject({ method: 'GET', url: `/map?taskId=${taskId}` });
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual([
      `/api/geocontent/maptask?taskId=${taskId.slice(0, 6)}…`,
      `/tiles/1/0/0.pbf?taskId=${taskId.slice(0, 6)}…&v=1`,
      `/tiles/1/0/0.png?v=1&TASKID=${taskId.slice(0, 6)}…`,
      `/map?taskId=${taskId.slice(0, 6)}…`,
    ]);
    expect(lines.join('\n')).not.toContain(taskId.slice(0, 7));
  });

  it('write a password, a token or a secret header given to the log as [redacted], and leave the rest', async () => {
    lines.length = 0;
    const logged = {
      account: { email: 'seen@example.test', password: 'never-pw-1' },
      token: 'never-token-2',
      call: { headers: { authorization: 'Bearer never-3', cookie: 'sid=never-4', accept: 'application/json' }, token: 'never-5' },
    };
    t.app.log.warn(logged, 'something to look at');
    const entry = JSON.parse(lines.find((l) => l.includes('something to look at'))!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      account: { email: 'seen@example.test', password: '[redacted]' },
      token: '[redacted]',
      call: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' }, token: '[redacted]' },
    });
    expect(lines.join('\n')).not.toMatch(/never-/);
    // The caller's own object is left as it was.
    expect(logged.account.password).toBe('never-pw-1');
    expect(logged.call.headers.authorization).toBe('Bearer never-3');
  });

  it('write one line per answered request, with its method, address, status and time', async () => {
    lines.length = 0;
    const u = await t.loginAs('user');
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/users/getprofile?x=1', headers: u.headers, remoteAddress: '127.0.0.9' });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/users/getprofile?x=1', remoteAddress: '127.0.0.9' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});
