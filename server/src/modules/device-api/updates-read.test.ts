import { buildDemoHarbourUpdate, demoHarbourCell, writeS57 } from '@chartroom/s57';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { deviceRegistrations, licenses } from '../../db/schema/index.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { loginProvider } from '../charts/charts.test-helper.js';
import { applyCells, createActivation, seedApplications, userPermitFor } from './device-api.test-helper.js';

// The update check reads its device and its cells in one statement (one per batch of concurrent
// checks on PostgreSQL). What a device is told must not change: the newest edition of each cell of
// its current licences, only those changed since its last poll, 401 for a token that is not valid.
describe('device update check: the device and its cells read together', () => {
  let t: TestApp;
  let harbour: Awaited<ReturnType<typeof loginProvider>>;
  let coast: Awaited<ReturnType<typeof loginProvider>>;
  let harbourProduct: number;
  let coastProduct: number;

  const cell = (name: string, edition: number) =>
    ({ name: 'files', filename: `${name}.000`, data: writeS57({ ...demoHarbourCell(), name: `${name}.000`, edition }) }) as const;

  /** A user's device attached to a licence of each product. */
  async function device(hwId: string, productIds: number[]) {
    const user = await t.loginAs('user');
    const held = [];
    for (const productId of productIds) held.push(await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 2 }));
    const deviceId = `SHIP-${hwId}`;
    const code = await createActivation(t, deviceId, user.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId, platformId: 1, applicationTypeId: 101, userPermit: userPermitFor(hwId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().licenseIds).toHaveLength(productIds.length);
    return { token: res.json().token as string, licenses: held };
  }

  const check = (token: string, since?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/app/v1/updates${since ? `?since=${encodeURIComponent(since)}` : ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const names = (res: { json(): { cells: { name: string; edition: number; update: number }[] } }) =>
    res.json().cells.map((c) => `${c.name} ${c.edition}.${c.update}`);

  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    // Two offices hold XX5DEMO1: the harbour office edition 1 with update 1, the coast office edition 2.
    harbour = await loginProvider(t, 'Harbour Office');
    await applyCells(t, harbour, [
      { name: 'files', filename: 'XX5DEMO1.000', data: writeS57(demoHarbourCell()) },
      { name: 'files', filename: 'XX5DEMO1.001', data: buildDemoHarbourUpdate(1) },
    ]);
    harbourProduct = (await seedProduct(t.database.db, { geocontentId: harbour.gcId, licType: 'com', price: 10 })).id;
    coast = await loginProvider(t, 'Coast Office');
    await applyCells(t, coast, [cell('XX5DEMO1', 2), cell('XX5DEMO2', 1)]);
    coastProduct = (await seedProduct(t.database.db, { geocontentId: coast.gcId, licType: 'com', price: 10 })).id;
  });
  afterAll(() => t.close());

  it('lists the newest edition of every cell of its licences, as its entitlements do', async () => {
    const d = await device('A0D01', [harbourProduct, coastProduct]);
    const res = await check(d.token);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['XX5DEMO1 2.0', 'XX5DEMO2 1.0']);
    expect(res.json().cells[1]).toEqual({
      name: 'XX5DEMO2',
      edition: 1,
      update: 0,
      issueDate: '2024-01-05',
      bbox: expect.any(Array),
      band: 5,
    });
    const entitlements = await t.app.inject({
      method: 'GET',
      url: '/api/app/v1/entitlements',
      headers: { authorization: `Bearer ${d.token}` },
    });
    expect(res.json().cells).toEqual(entitlements.json().cells);

    const onlyHarbour = await device('A0D02', [harbourProduct]);
    expect(names(await check(onlyHarbour.token))).toEqual(['XX5DEMO1 1.1']);
  });

  it('answers 304 until a cell of its licences changes, then only that cell', async () => {
    const d = await device('A0D03', [harbourProduct]);
    const first = await check(d.token);
    const since = first.json().serverTime as string;
    const unchanged = await check(d.token, since);
    expect(unchanged.statusCode).toBe(304);
    // A 304 has no body: no `null` under a Content-Length that a client would wait for.
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-length']).toBeUndefined();
    await applyCells(t, harbour, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
    const changed = await check(d.token, since);
    expect(changed.statusCode).toBe(200);
    expect(names(changed)).toEqual(['XX5DEMO1 1.2']);
    expect((await check(d.token, changed.json().serverTime)).statusCode).toBe(304);
  });

  it('leaves out the cells of a licence that expired, and refuses a revoked token on the next check', async () => {
    const d = await device('A0D04', [harbourProduct, coastProduct]);
    expect(names(await check(d.token))).toEqual(['XX5DEMO1 2.0', 'XX5DEMO2 1.0']);
    const coastLicence = d.licenses.find((l) => l.productId === coastProduct)!;
    await t.database.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licenses.id, coastLicence.id));
    expect(names(await check(d.token))).toEqual(['XX5DEMO1 1.2']);

    await t.database.db
      .update(deviceRegistrations)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(deviceRegistrations.deviceId, 'SHIP-A0D04'));
    const refused = await check(d.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/not valid/);
  });

  it('refuses a missing or unknown token and a malformed time', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/app/v1/updates' });
    expect(none.statusCode).toBe(401);
    expect((await check('crd_unknownunknownunknownunknown')).statusCode).toBe(401);
    const d = await device('A0D05', [harbourProduct]);
    expect((await check(d.token, 'yesterday')).statusCode).toBe(400);
  });

  it('gives each of many concurrent checks its own answer', async () => {
    const a = await device('A0D06', [harbourProduct, coastProduct]);
    const b = await device('A0D07', [harbourProduct]);
    const since = (await check(a.token)).json().serverTime as string;
    const asks = Array.from({ length: 40 }, (_, i) => ({ token: [a.token, b.token][i % 2]!, since: i % 3 === 0 ? since : undefined }));
    const alone = new Map<string, string>();
    for (const ask of asks) {
      const key = `${ask.token} ${ask.since ?? ''}`;
      if (!alone.has(key)) alone.set(key, (await check(ask.token, ask.since)).body.replace(/"serverTime":"[^"]+"/, ''));
    }
    const together = await Promise.all(asks.map((ask) => check(ask.token, ask.since)));
    expect(together.map((r) => r.body.replace(/"serverTime":"[^"]+"/, ''))).toEqual(
      asks.map((ask) => alone.get(`${ask.token} ${ask.since ?? ''}`)),
    );
    expect(together.filter((r) => r.statusCode === 304)).toHaveLength(asks.filter((x) => x.since).length);
  });

  it("is not told of another office's older copy changing, and is told when its newest copy changes", async () => {
    const both = await device('A0D08', [harbourProduct, coastProduct]);
    const onlyHarbour = await device('A0D09', [harbourProduct]);
    const since = (await check(both.token)).json().serverTime as string;
    // The harbour office updates its edition 1; the coast office's edition 2 is still the newest.
    await applyCells(t, harbour, [{ name: 'files', filename: 'XX5DEMO1.003', data: buildDemoHarbourUpdate(3) }]);
    expect((await check(both.token, since)).statusCode).toBe(304);
    expect(names(await check(onlyHarbour.token, since))).toEqual(['XX5DEMO1 1.3']);
    await applyCells(t, coast, [cell('XX5DEMO1', 3)]);
    expect(names(await check(both.token, since))).toEqual(['XX5DEMO1 3.0']);
    expect(names(await check(onlyHarbour.token, since))).toEqual(['XX5DEMO1 1.3']);
  });
});
