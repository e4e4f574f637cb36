import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { seedProvider } from '../../db/seed/factories.js';

describe('POI: points of interest and their releases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function providerWithGeocontent(title: string) {
    const login = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, { ownerUserId: login.id, title, geocontentTitle: `${title} Charts` });
    return { ...login, gcid: geocontent.id };
  }
  const harbour = { name: 'City Dock', category: 'harbour', description: 'Visitor berths', lat: 38.9771, lng: -76.4849 };

  it('opens the editor, adds, moves, edits and deletes points', async () => {
    const p = await providerWithGeocontent('Editor');
    const open = await t.app.inject({ method: 'GET', url: `/api/geocontent/GoToPoiEditor?gcid=${p.gcid}`, headers: p.headers });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toBe(1);

    const created = await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers, payload: harbour });
    expect(created.statusCode).toBe(200);
    const item = created.json();
    expect(item).toMatchObject({ id: expect.any(Number), ...harbour });

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/poi/${item.id}`,
      headers: p.headers,
      payload: { ...harbour, name: 'Town Dock', lat: 38.98, lng: -76.49 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: item.id, name: 'Town Dock', lat: 38.98, lng: -76.49 });

    const list = await t.app.inject({ method: 'GET', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers });
    expect(list.json()).toMatchObject([{ id: item.id, name: 'Town Dock', category: 'harbour' }]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/poi/${item.id}`, headers: p.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers })).json()).toEqual([]);
  });

  it.each([
    [{ ...harbour, lat: 91 }, 'lat'],
    [{ ...harbour, lng: -181 }, 'lng'],
    [{ ...harbour, name: ' ' }, 'name'],
    [{ ...harbour, category: 'pizzeria' }, 'category'],
  ])('refuses %o naming %s', async (payload, field) => {
    const p = await providerWithGeocontent('Validator');
    const res = await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toContain(field);
  });

  it('publishes a snapshot that later edits do not change', async () => {
    const p = await providerWithGeocontent('Publisher');
    const a = (await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers, payload: harbour })).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/poi?gcid=${p.gcid}`,
      headers: p.headers,
      payload: { ...harbour, name: 'Light', category: 'lighthouse' },
    });

    const release = await t.app.inject({ method: 'GET', url: `/api/geocontent/ConvertPoi?gcid=${p.gcid}`, headers: p.headers });
    expect(release.statusCode).toBe(200);
    expect(release.json()).toMatchObject({ id: expect.any(Number), itemsCount: 2, timestamp: expect.any(String) });

    await t.app.inject({ method: 'PUT', url: `/api/poi/${a.id}`, headers: p.headers, payload: { ...harbour, name: 'Renamed' } });
    await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers, payload: { ...harbour, name: 'Third' } });
    const second = (await t.app.inject({ method: 'GET', url: `/api/geocontent/ConvertPoi?gcid=${p.gcid}`, headers: p.headers })).json();
    expect(second.itemsCount).toBe(3);

    const releases = await t.app.inject({ method: 'GET', url: `/api/geocontent/GetPoiList?geoContentId=${p.gcid}`, headers: p.headers });
    expect(releases.statusCode).toBe(200);
    expect(
      releases
        .json()
        .map((r: { itemsCount: number }) => r.itemsCount)
        .sort(),
    ).toEqual([2, 3]);
    for (const r of releases.json()) expect(Object.keys(r).sort()).toEqual(['id', 'itemsCount', 'timestamp']);

    const frozen = await t.app.inject({ method: 'GET', url: `/api/poi/releases/${release.json().id}`, headers: p.headers });
    expect(
      frozen
        .json()
        .items.map((i: { name: string }) => i.name)
        .sort(),
    ).toEqual(['City Dock', 'Light']);
  });

  it("answers 404 to a second provider on the first one's geocontent everywhere", async () => {
    const a = await providerWithGeocontent('Alpha');
    const b = await providerWithGeocontent('Bravo');
    const item = (await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${a.gcid}`, headers: a.headers, payload: harbour })).json();
    const release = (await t.app.inject({ method: 'GET', url: `/api/geocontent/ConvertPoi?gcid=${a.gcid}`, headers: a.headers })).json();
    const calls = [
      { method: 'GET', url: `/api/geocontent/GoToPoiEditor?gcid=${a.gcid}` },
      { method: 'GET', url: `/api/geocontent/ConvertPoi?gcid=${a.gcid}` },
      { method: 'GET', url: `/api/geocontent/GetPoiList?geoContentId=${a.gcid}` },
      { method: 'GET', url: `/api/poi/releases/${release.id}` },
      { method: 'GET', url: `/api/poi?gcid=${a.gcid}` },
      { method: 'POST', url: `/api/poi?gcid=${a.gcid}`, payload: harbour },
      { method: 'PUT', url: `/api/poi/${item.id}`, payload: { ...harbour, name: 'Hijacked' } },
      { method: 'DELETE', url: `/api/poi/${item.id}` },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: b.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = (await t.app.inject({ method: 'GET', url: `/api/poi?gcid=${a.gcid}`, headers: a.headers })).json();
    expect(list).toMatchObject([{ id: item.id, name: 'City Dock' }]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetPoiList?geoContentId=${a.gcid}`, headers: a.headers })).json(),
    ).toHaveLength(1);
  });

  it('falls back to the geocontent setCurrentGC stored when GoToPoiEditor and ConvertPoi get no gcid', async () => {
    const p = await providerWithGeocontent('Current');
    const get = (url: string, headers = p.headers) => t.app.inject({ method: 'GET', url, headers });
    // A second geocontent of the same provider: create2 makes it the current one.
    const second = (await get('/api/geocontent/create2?gcTitle=Second%20charts')).json();
    expect((await get(`/api/users/setCurrentGC?gcid=${p.gcid}`)).json()).toEqual({ currentGcId: p.gcid });
    await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${p.gcid}`, headers: p.headers, payload: harbour });

    const open = await get('/api/geocontent/GoToPoiEditor');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toBe(1);
    const release = await get('/api/geocontent/ConvertPoi');
    expect(release.statusCode).toBe(200);
    expect(release.json()).toMatchObject({ itemsCount: 1 });
    expect((await get(`/api/geocontent/GetPoiList?geoContentId=${p.gcid}`)).json()).toEqual([
      expect.objectContaining({ id: release.json().id }),
    ]);
    expect((await get(`/api/geocontent/GetPoiList?geoContentId=${second.id}`)).json()).toEqual([]);

    // A gcid named in the call still wins over the stored one.
    const named = await get(`/api/geocontent/ConvertPoi?gcid=${second.id}`);
    expect(named.json()).toMatchObject({ itemsCount: 0 });
    expect((await get(`/api/geocontent/GetPoiList?geoContentId=${second.id}`)).json()).toHaveLength(1);
  });

  it('answers 400 naming gcid when neither a gcid nor a current geocontent is there, and 404 on a foreign stored one', async () => {
    const a = await providerWithGeocontent('Stored');
    const bare = await t.loginAs('provider');
    for (const url of ['/api/geocontent/GoToPoiEditor', '/api/geocontent/ConvertPoi']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bare.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        details: [expect.objectContaining({ path: 'query.gcid', code: 'required' })],
      });
    }
    // Another provider cannot make a foreign geocontent its current one, and the owner check stays on the fallback.
    const b = await providerWithGeocontent('Other');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/setCurrentGC?gcid=${a.gcid}`, headers: b.headers })).statusCode).toBe(404);
    await t.database.db.update(users).set({ currentGcId: a.gcid }).where(eq(users.id, b.id));
    for (const url of ['/api/geocontent/GoToPoiEditor', '/api/geocontent/ConvertPoi']) {
      expect((await t.app.inject({ method: 'GET', url, headers: b.headers })).statusCode, url).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetPoiList?geoContentId=${a.gcid}`, headers: a.headers })).json(),
    ).toEqual([]);
  });
});
