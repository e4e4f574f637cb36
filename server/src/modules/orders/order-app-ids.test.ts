import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDistributor } from '../../db/seed/factories.js';
import { ratesGrid, seedAgreement, seedAgreementUser, seedUserInstallation } from '../../db/seed/orders-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { placeOrder } from './orders.test-helper.js';

// Spec §9: orders carry the application ids 0 mKart, 1 NjordPilot, 2 Vega, 10 dKart, 11 ECDIS, while
// activation knows 101 (mKart ECDIS), 102 (dKart Navigator), 105 (dKart Fishing). An order accepts both.
describe('order application ids', () => {
  let t: TestApp;
  let agreementId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await t.loginAs(['distributor', 'distributor2', 'order-manager']);
    const distributor = await seedDistributor(t.database.db, { mainUserId: owner.id, title: `Agency ${owner.id}` });
    // Different prices per application, so the test sees which one an order was priced under.
    const rates = {
      ...ratesGrid(['mKart'], { Primar: { RUB: ['100.00', '150.00'], USD: ['10.00', '15.00'] } }),
      ...ratesGrid(['dKart'], { Primar: { RUB: ['200.00', '250.00'], USD: ['20.00', '25.00'] } }),
      ...ratesGrid(['Vega'], { Primar: { RUB: ['300.00', '350.00'], USD: ['30.00', '35.00'] } }),
    };
    agreementId = (await seedAgreement(t.database.db, { distributorId: distributor.id, name: `Fleet ${owner.id}`, rates })).id;
  });
  afterAll(() => t.close());

  async function ship(applicationTypeId: number | null) {
    const user = await t.loginAs('user');
    const installation = await seedUserInstallation(t.database.db, {
      userId: user.id,
      deviceId: `DEV-${randomUUID().slice(0, 8)}`,
      applicationTypeId,
    });
    await seedAgreementUser(t.database.db, { agreementId, userId: user.id, installationId: installation.id, userLimit: null });
    return { user, installation };
  }
  const order = (s: Awaited<ReturnType<typeof ship>>, applicationTypeId?: unknown) =>
    placeOrder(t, s.user, {
      installationId: s.installation.id,
      paymentMethod: 'agreement',
      items: [{ product: 'Primar', months: 1 }],
      ...(applicationTypeId === undefined ? {} : { applicationTypeId }),
    } as Parameters<typeof placeOrder>[2]);

  it("takes the spec's id or the activation type of the installation's own application, and reports both", async () => {
    const mkart = await ship(101);
    for (const id of [undefined, 0, 101]) {
      const res = await order(mkart, id);
      expect(res.statusCode, `applicationTypeId ${id}`).toBe(201);
      expect(res.json()).toMatchObject({ priceTotal: '100.00', device: { applicationTypeId: 101, appId: 0 } });
    }
    const fishing = await ship(105);
    const dkart = await order(fishing, 10);
    expect(dkart.statusCode).toBe(201);
    expect(dkart.json()).toMatchObject({ priceTotal: '200.00', device: { applicationTypeId: 105, appId: 10 } });
  });

  it('prices an installation activated without an application under the one the order names', async () => {
    const bare = await ship(null);
    const none = await order(bare);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/no application that agreements price/);
    const vega = await order(bare, 2);
    expect(vega.statusCode).toBe(201);
    expect(vega.json()).toMatchObject({ priceTotal: '300.00', device: { applicationTypeId: 2, appId: 2 } });
    const navigator = await order(await ship(null), 102);
    expect(navigator.json()).toMatchObject({ priceTotal: '200.00', device: { applicationTypeId: 102, appId: 10 } });
  });

  it("refuses an id of another application than the installation's, and ids neither set knows", async () => {
    const mkart = await ship(101);
    const other = await order(mkart, 10);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation', details: [expect.objectContaining({ path: 'body.applicationTypeId' })] });
    expect(other.json().message).toMatch(/dKart.*mKart/);
    for (const id of [3, 100, -1, '0']) {
      const res = await order(mkart, id);
      expect(res.statusCode, `applicationTypeId ${JSON.stringify(id)}`).toBe(400);
      expect(res.json().details.some((d: { path: string }) => d.path.includes('applicationTypeId'))).toBe(true);
    }
  });
});
