import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedProvider } from '../../db/seed/factories.js';

describe('geocontent list, detail and map task', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function providerWithGeocontent(title: string) {
    const login = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: login.id,
      title: `${title} Office`,
      geocontentTitle: `${title} Charts`,
    });
    return { ...login, gcid: geocontent.id };
  }

  it("lists the provider's geocontents with products and shows one", async () => {
    const a = await providerWithGeocontent('Alpha');
    await t.app.inject({ method: 'GET', url: '/api/geocontent/create2?gcTitle=Alpha%20Harbours', headers: a.headers });
    const list = await t.app.inject({ method: 'GET', url: '/api/geocontent/', headers: a.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { id: a.gcid, title: 'Alpha Charts', products: expect.any(Array) },
      { title: 'Alpha Harbours', products: expect.any(Array) },
    ]);
    const one = await t.app.inject({ method: 'GET', url: `/api/geocontent/${a.gcid}`, headers: a.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: a.gcid,
      title: 'Alpha Charts',
      provider: { title: 'Alpha Office' },
      products: expect.any(Array),
    });
  });

  it('gives a map task id that stands for the geocontent', async () => {
    const a = await providerWithGeocontent('Map');
    const res = await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${a.gcid}`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json();
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    const again = await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${a.gcid}`, headers: a.headers });
    expect(again.json().taskId).not.toBe(taskId);
    const resolved = await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: a.headers });
    expect(resolved.json()).toMatchObject({ taskId, gcid: a.gcid, title: 'Map Charts' });
  });

  it("answers 404 for another provider's geocontent and map task", async () => {
    const a = await providerWithGeocontent('Owner');
    const b = await providerWithGeocontent('Other');
    const { taskId } = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${a.gcid}`, headers: a.headers })).json();
    for (const url of [
      `/api/geocontent/${a.gcid}`,
      `/api/geocontent/gotomap?gcid=${a.gcid}`,
      `/api/geocontent/maptask?taskId=${taskId}`,
      '/api/geocontent/999999',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/geocontent/', headers: b.headers });
    expect(list.json().map((g: { id: number }) => g.id)).toEqual([b.gcid]);
  });

  it('refuses callers without the provider role', async () => {
    const u = await t.loginAs('user');
    expect((await t.app.inject({ method: 'GET', url: '/api/geocontent/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/geocontent/', headers: u.headers })).statusCode).toBe(403);
  });
});
