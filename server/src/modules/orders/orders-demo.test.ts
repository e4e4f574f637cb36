import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatuses } from '@chartroom/contracts/constants';
import { demoPassword, seedDemo } from '../../db/seed/demo.js';
import { seedLicensingDemo } from '../../db/seed/licensing-demo.js';
import { seedOrdersDemo } from '../../db/seed/orders-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('orders demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: [seedLicensingDemo, seedOrdersDemo] });
  });
  afterAll(() => t.close());

  async function login(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: demoPassword } });
    return { authorization: `Bearer ${res.json().token}` };
  }

  it('shows the demo distributor an agreement with mKart and dKart rates for all three products in RUB and USD', async () => {
    const list = (
      await t.app.inject({ method: 'POST', url: '/api/agreement/query', headers: await login('distributor@demo.test'), payload: {} })
    ).json();
    const fleet = list.agreements.find((a: { name: string }) => a.name === 'Baltic Fleet 2026');
    expect(Object.keys(fleet.rates)).toEqual(['mKart', 'dKart']);
    for (const app of ['mKart', 'dKart']) {
      expect(fleet.rates[app].map((r: { product: string }) => r.product)).toEqual(['Primar', 'NOAA', 'NHO']);
      expect(fleet.rates[app][0].rates).toEqual({ RUB: { net: '450.00', endUser: '600.00' }, USD: { net: '5.00', endUser: '7.00' } });
    }
    expect(fleet.limits.agreementLimit).toBe('20000.00');
    expect(fleet.limits.usersLimits.map((u: { email: string; limit: string | null }) => [u.email, u.limit])).toEqual([
      ['user@demo.test', '8000.00'],
      ['manager@demo.test', null],
    ]);
    const users = (
      await t.app.inject({
        method: 'GET',
        url: `/api/agreement/agreement-users?agreementId=${fleet.id}`,
        headers: await login('distributor@demo.test'),
      })
    ).json();
    expect(users.map((u: { shipName: string }) => u.shipName)).toEqual(['MV Baltic Star', 'Nordic Trawler']);
  });

  it('puts orders in every status on the desk of the distributor and of manager@demo.test, with a ledger of charges and a refund', async () => {
    for (const email of ['distributor@demo.test', 'manager@demo.test']) {
      const page = (
        await t.app.inject({
          method: 'POST',
          url: '/api/ordermanager/query',
          headers: await login(email),
          payload: { pageSize: 40, pageNumber: 0 },
        })
      ).json();
      expect(new Set(page.orders.map((o: { order: { status: string } }) => o.order.status))).toEqual(new Set(orderStatuses));
    }
    const headers = await login('distributor@demo.test');
    const { transactions } = (
      await t.app.inject({ method: 'POST', url: '/api/agreement/transactions-query', headers, payload: {} })
    ).json();
    const types = transactions.map((r: { type: string }) => r.type);
    expect(types.filter((x: string) => x === 'charge').length).toBeGreaterThanOrEqual(3);
    expect(types).toContain('refund');
    // The supervisor (admin) reads the ledger too; the processed order gave user@demo.test a licence.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/agreement/transactions-query',
          headers: await login('admin@demo.test'),
          payload: {},
        })
      ).json().transactions.length,
    ).toBe(transactions.length);
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: await login('user@demo.test') })).json();
    expect(
      profile.licenses.some((l: { installations: { deviceId: string }[] }) =>
        l.installations.some((i) => i.deviceId === 'DEMO-MKART-ECDIS'),
      ),
    ).toBe(true);
  });
});
