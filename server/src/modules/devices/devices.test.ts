import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../../db/seed/factories.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('devices on a licence', () => {
  let t: TestApp;
  let productId: number;
  let gcid: number;
  let providerHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await t.loginAs('provider');
    providerHeaders = owner.headers;
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: owner.id,
      title: 'Device Office',
      geocontentTitle: 'Device Charts',
    });
    gcid = geocontent.id;
    productId = (await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'com', price: 10 })).id;
  });
  afterAll(() => t.close());

  const attach = (licenseId: number, headers: Record<string, string>, deviceId: string, platformId = 3) =>
    t.app.inject({
      method: 'POST',
      url: `/api/licenses/${licenseId}/installations`,
      headers,
      payload: { deviceId, platformId, applicationTypeId: 0 },
    });

  it('fills a licence up to its device count, reuses a known device and frees a slot on detach', async () => {
    const user = await t.loginAs('user');
    const lic = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 2 });
    const first = await attach(lic.id, user.headers, 'PHONE-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ deviceId: 'PHONE-1', platformId: 3, platform: { name: 'Android' } });
    const again = await attach(lic.id, user.headers, 'PHONE-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await attach(lic.id, user.headers, 'IPAD-2', 4)).statusCode).toBe(201);
    const full = await attach(lic.id, user.headers, 'PC-3', 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/2 device/);

    const profile = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: user.headers });
    expect(profile.json().licenses[0]).toMatchObject({
      deviceCount: 2,
      installations: [{ deviceId: 'PHONE-1' }, { deviceId: 'IPAD-2', platform: { name: 'iOS' } }],
    });

    const detached = await t.app.inject({
      method: 'DELETE',
      url: `/api/licenses/${lic.id}/installations/${first.json().id}`,
      headers: user.headers,
    });
    expect(detached.statusCode).toBe(204);
    expect((await attach(lic.id, user.headers, 'PC-3', 1)).statusCode).toBe(201);

    const audit = (await t.app.inject({ method: 'GET', url: `/api/providers/audit?gcid=${gcid}`, headers: providerHeaders })).json();
    expect(audit.filter((a: { action: string }) => a.action.startsWith('installation.')).map((a: { action: string }) => a.action)).toEqual([
      'installation.attach',
      'installation.detach',
      'installation.attach',
      'installation.attach',
    ]);
  });

  it('gives exactly 2 installations to 12 simultaneous attaches on a 2-device licence', async () => {
    const user = await t.loginAs('user');
    const lic = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 2 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attach(lic.id, user.headers, `RACE-${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const profile = await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: user.headers });
    expect(profile.json().licenses[0].installations).toHaveLength(2);
  });

  it('takes any number of devices on an unlimited licence and none on an expired one', async () => {
    const user = await t.loginAs('user');
    const unlimited = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 0, months: null });
    for (let i = 0; i < 5; i++) expect((await attach(unlimited.id, user.headers, `D-${i}`)).statusCode).toBe(201);
    const expired = await seedLicense(t.database.db, {
      productId,
      userId: user.id,
      deviceCount: 3,
      months: 1,
      issuedAt: new Date(Date.now() - 90 * 86400_000),
    });
    const res = await attach(expired.id, user.headers, 'LATE');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expired/);
  });

  it("answers 404 for another user's licence or installation", async () => {
    const owner = await t.loginAs('user');
    const stranger = await t.loginAs('user');
    const lic = await seedLicense(t.database.db, { productId, userId: owner.id, deviceCount: 1 });
    const inst = (await attach(lic.id, owner.headers, 'MINE')).json();
    expect((await attach(lic.id, stranger.headers, 'THEIRS')).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/licenses/${lic.id}/installations/${inst.id}`,
      headers: stranger.headers,
    });
    expect(del.statusCode).toBe(404);
    const strangerLic = await seedLicense(t.database.db, { productId, userId: stranger.id, deviceCount: 1 });
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/licenses/${strangerLic.id}/installations/${inst.id}`,
      headers: stranger.headers,
    });
    expect(cross.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/licenses/${lic.id}/installations`, payload: { deviceId: 'X', platformId: 1 } }))
        .statusCode,
    ).toBe(401);
    expect((await attach(lic.id, owner.headers, 'BAD', 9)).statusCode).toBe(400);
  });

  it('rate-limits detaching', async () => {
    const user = await t.loginAs('user');
    const lic = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 1 });
    const codes: number[] = [];
    for (let i = 0; i < 40 && !codes.includes(429); i++) {
      codes.push(
        (await t.app.inject({ method: 'DELETE', url: `/api/licenses/${lic.id}/installations/999999`, headers: user.headers })).statusCode,
      );
    }
    expect(codes).toContain(429);
    expect(codes.filter((c) => c === 404).length).toBeLessThanOrEqual(30);
  });
});
