import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('provider and distributor registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('makes a user a provider with a first geocontent, then adds geocontents', async () => {
    const u = await t.loginAs('user');
    const me0 = await t.app.inject({ method: 'GET', url: '/providers/me', headers: u.headers });
    expect(me0.statusCode).toBe(403);

    const short = await t.app.inject({
      method: 'GET',
      url: '/api/geocontent/create2?gcTitle=abc&providerTitle=Office',
      headers: u.headers,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].path).toContain('gcTitle');

    const created = await t.app.inject({
      method: 'GET',
      url: `/api/geocontent/create2?gcTitle=${encodeURIComponent('Baltic Charts')}&providerTitle=${encodeURIComponent('North Survey')}`,
      headers: u.headers,
    });
    expect(created.statusCode).toBe(200);
    const gc = created.json();
    expect(gc).toMatchObject({ id: expect.any(Number), title: 'Baltic Charts' });

    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: u.headers });
    expect(refreshed.json().roles.map((r: { name: string }) => r.name)).toContain('provider');

    const second = await t.app.inject({ method: 'GET', url: '/api/geocontent/create2?gcTitle=Harbour%20Plans', headers: u.headers });
    expect(second.statusCode).toBe(200);

    const me = await t.app.inject({ method: 'GET', url: '/providers/me', headers: u.headers });
    expect(me.json()).toMatchObject({ title: 'North Survey', geoContents: [{ title: 'Baltic Charts' }, { title: 'Harbour Plans' }] });

    const profile = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers });
    expect(profile.json().currentGcId).toBe(second.json().id);
    const switched = await t.app.inject({ method: 'GET', url: `/api/users/setCurrentGC?gcid=${gc.id}`, headers: u.headers });
    expect(switched.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers });
    expect(after.json().currentGcId).toBe(gc.id);
  });

  it("answers 404 when a provider picks another provider's geocontent", async () => {
    const a = await t.loginAs('user');
    const b = await t.loginAs('user');
    const gcA = (
      await t.app.inject({ method: 'GET', url: '/api/geocontent/create2?gcTitle=Alpha%20Charts&providerTitle=A', headers: a.headers })
    ).json();
    await t.app.inject({ method: 'GET', url: '/api/geocontent/create2?gcTitle=Bravo%20Charts&providerTitle=B', headers: b.headers });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/setCurrentGC?gcid=${gcA.id}`, headers: b.headers });
    expect(res.statusCode).toBe(404);
  });

  it('registers a distributor once', async () => {
    const u = await t.loginAs('user');
    const res = await t.app.inject({ method: 'GET', url: '/api/distributors/create?title=Sea%20Agents', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Sea Agents', mainUser: { email: u.email } });
    const me = await t.app.inject({ method: 'GET', url: '/api/distributors/me', headers: u.headers });
    expect(me.json().title).toBe('Sea Agents');
    const again = await t.app.inject({ method: 'GET', url: '/api/distributors/create?title=Again', headers: u.headers });
    expect(again.statusCode).toBe(409);
  });
});
