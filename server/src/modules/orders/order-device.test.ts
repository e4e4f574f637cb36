import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { activations, userInstallations } from '../../db/schema/index.js';
import { seedLicense } from '../../db/seed/licensing-demo.js';
import { seedAgreementUser, seedUserInstallation } from '../../db/seed/orders-demo.js';
import { createActivation, seedApplications, seedChartsProduct, userPermitFor } from '../device-api/device-api.test-helper.js';
import { setUpDesk } from './orders.test-helper.js';

// Issue 35, "one installation id": the id redeem gives is accepted by orders, listed by
// GET /api/app/v1/installations and taken by swaps; an app orders for its own device with its device
// token; activation codes never redeemed expire and leave no device behind.

type Row = { id: number; installationIds: number[]; deviceCode: string };

describe('one installation id', () => {
  let t: TestApp;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp({ DEVICE_REDEEMS_PER_MINUTE: 1000, DEVICE_CALLS_PER_MINUTE: 1000 });
    await seedApplications(t);
    ({ productId } = await seedChartsProduct(t, 1));
  });
  afterAll(() => t.close());

  async function redeem(user: { headers: Record<string, string> }, deviceId: string, hwId: string) {
    const code = await createActivation(t, deviceId, user.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId, platformId: 1, applicationTypeId: 101, userPermit: userPermitFor(hwId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { code, installationId: res.json().installationId as number, headers: { authorization: `Bearer ${res.json().token}` } };
  }
  const order = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/v1/orders',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { paymentMethod: 'trial', ...body },
    });
  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/v1/installations', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  };

  it('names one device by the id redeem gave, in the list and in orders, even where the account record with that number is another device', async () => {
    const { agreement } = await setUpDesk(t);
    const user = await t.loginAs('user');
    const license = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 2 });
    const a = await redeem(user, 'SHIP-A', 'A1A11');
    const b = await redeem(user, 'SHIP-B', 'B2B22');
    // The reported bug: redeem answered 17, and the record 17 of the list was another device. Make the
    // account's record with the number of B's installation another device, as it happened.
    let record = await seedUserInstallation(t.database.db, { userId: user.id, deviceId: 'OLD-0', applicationTypeId: 101 });
    for (let n = 1; record.id < b.installationId; n++)
      record = await seedUserInstallation(t.database.db, { userId: user.id, deviceId: `OLD-${n}`, applicationTypeId: 101 });
    expect(record.id).toBe(b.installationId);

    const rows = await list(user.headers);
    expect(rows.find((r) => r.id === b.installationId)!.deviceCode).toBe(record.deviceId);
    const shipB = rows.find((r) => r.installationIds.includes(b.installationId))!;
    expect(shipB).toMatchObject({ deviceCode: 'SHIP-B', installationIds: [b.installationId] });
    expect(rows.find((r) => r.deviceCode === 'SHIP-A')!.installationIds).toEqual([a.installationId]);
    // With its device token, the app sees its own device alone.
    expect(await list(b.headers)).toEqual([shipB]);
    await seedAgreementUser(t.database.db, { agreementId: agreement.id, userId: user.id, installationId: shipB.id });

    // The app orders with its device token and the id redeem gave: for itself.
    const own = await order(b.headers, { deviceInstallationId: b.installationId, items: [{ product: 'NOAA', months: 1 }] });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ installationId: shipB.id, device: { deviceId: 'SHIP-B' }, user: { id: user.id } });
    // The app polls its order with its token; another device of the user does not see it.
    const polled = await t.app.inject({ method: 'GET', url: `/api/app/v1/orders/${own.json().id}`, headers: b.headers });
    expect(polled.statusCode).toBe(200);
    expect(polled.json().id).toBe(own.json().id);
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/orders/${own.json().id}`, headers: a.headers })).statusCode).toBe(404);
    // Naming nothing, the device token orders for its own device too.
    const implicit = await order(b.headers, { items: [{ product: 'NHO', months: 1 }] });
    expect(implicit.statusCode, implicit.body).toBe(201);
    expect(implicit.json().device.deviceId).toBe('SHIP-B');

    // A device token cannot order for another installation, by either id.
    const otherDevice = await order(b.headers, { deviceInstallationId: a.installationId, items: [{ product: 'Primar', months: 1 }] });
    expect(otherDevice.statusCode).toBe(403);
    const otherRecord = await order(b.headers, { installationId: b.installationId, items: [{ product: 'Primar', months: 1 }] });
    expect(otherRecord.statusCode).toBe(403);
    // Both ids at once is ambiguous: 400 naming the field.
    const both = await order(user.headers, {
      installationId: shipB.id,
      deviceInstallationId: b.installationId,
      items: [{ product: 'Primar', months: 1 }],
    });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json().details)).toContain('deviceInstallationId');
    // Another user's installation id is not found for this user.
    const stranger = await t.loginAs('user');
    expect(
      (await order(stranger.headers, { deviceInstallationId: b.installationId, items: [{ product: 'NOAA', months: 1 }] })).statusCode,
    ).toBe(404);
    // An old client, signed in, still orders by the list's `id`.
    const old = await order(user.headers, { installationId: shipB.id, items: [{ product: 'Primar', months: 1 }] });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().device.deviceId).toBe('SHIP-B');

    // The cabinet's swap takes the same id: B's slot is freed and its token stops working.
    const swap = await t.app.inject({
      method: 'POST',
      url: `/api/licenses/${license.id}/installations/${b.installationId}/swap`,
      headers: user.headers,
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect(swap.json().revokedInstallationIds).toEqual([b.installationId]);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/installations', headers: b.headers })).statusCode).toBe(401);
  });

  it('lets an activation code never redeemed expire, leaving no device behind; a redeemed one keeps its device', async () => {
    const user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 1 });
    const ghostCode = await createActivation(t, 'GHOST-1', user.headers);
    const kept = await redeem(user, 'SHIP-KEPT', 'C3C33');
    // While the code can be redeemed, its device is listed (an app may order before it holds a licence).
    expect((await list(user.headers)).map((r) => [r.deviceCode, r.installationIds])).toEqual([
      ['GHOST-1', []],
      ['SHIP-KEPT', [kept.installationId]],
    ]);

    // A day later: both codes have expired.
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await t.database.db
      .update(activations)
      .set({ createdAt: dayAgo, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activations.userId, user.id));
    expect((await list(user.headers)).map((r) => r.deviceCode)).toEqual(['SHIP-KEPT']);
    expect(await t.database.db.select().from(activations).where(eq(activations.code, ghostCode))).toEqual([]);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${ghostCode}/redeem`,
      headers: user.headers,
      payload: { deviceId: 'GHOST-1', platformId: 1, applicationTypeId: 101, userPermit: userPermitFor('D4D44') },
    });
    expect(late.statusCode).toBe(404);
    // The redeemed device keeps working.
    expect((await list(kept.headers)).map((r) => r.deviceCode)).toEqual(['SHIP-KEPT']);
  });

  it('sweeps the expired codes of every user periodically, and refuses a code made long ago however long it was meant to last', async () => {
    const user = await t.loginAs('user');
    await createActivation(t, 'GHOST-2', user.headers);
    await list(user.headers); // the pending device is recorded
    const ago = new Date(Date.now() - 25 * 3_600_000);
    // A code from before codes lasted a day: made a day ago, meant to last a year.
    await t.database.db
      .update(activations)
      .set({ createdAt: ago, expiresAt: new Date(Date.now() + 300 * 86_400_000) })
      .where(eq(activations.userId, user.id));
    await t.app.sweepUploads();
    expect(await t.database.db.select().from(userInstallations).where(eq(userInstallations.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(activations).where(eq(activations.userId, user.id))).toEqual([]);
  });
});
