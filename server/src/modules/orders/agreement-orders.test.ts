import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { addShip, linkTestProducts, placeOrder, setUpDesk } from './orders.test-helper.js';

describe("an agreement's orders, as its supervisor reads them", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef', YOOMONEY_NOTIFICATION_SECRET: 'yoomoney-test-secret' });
    // The rate products map to real products, so orders can be priced.
    await linkTestProducts(t);
  });
  afterAll(() => t.close());

  it("lists one agreement's orders to its main user and its supervisor only, in pages with the desk's filters", async () => {
    const { owner, agreement } = await setUpDesk(t);
    const supervisor = await t.loginAs('user');
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    const ship = await addShip(t, agreement.id);
    const other = await setUpDesk(t);
    const otherShip = await addShip(t, other.agreement.id);
    const place = (who: typeof ship, paymentMethod = 'agreement') =>
      placeOrder(t, who.user, { installationId: who.installation.id, paymentMethod, items: [{ product: 'NOAA', months: 1 }] }).then((r) =>
        r.json(),
      );
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await place(ship));
    // A card order from the installation is priced under the agreement too (end-user rates) and listed with it.
    placed.push(await place(ship, 'stripe'));
    const elsewhere = await place(otherShip);
    const query = (payload: object, headers = supervisor.headers) =>
      t.app.inject({ method: 'POST', url: '/api/agreement/orders-query', headers, payload });

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/agreement/orders-query', payload: { agreementId: agreement.id } })).statusCode,
    ).toBe(401);
    const first = await query({ agreementId: agreement.id, pageSize: 3 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ pageNumber: 0, pageSize: 3, hasMore: true });
    expect(first.json().orders.map((o: { order: { id: number } }) => o.order.id)).toEqual([placed[3].id, placed[2].id, placed[1].id]);
    expect(first.json().orders[1]).toMatchObject({ agreement: { agreementId: agreement.id }, order: { status: 'new' } });
    const second = (await query({ agreementId: agreement.id, pageSize: 3, pageNumber: 1 })).json();
    expect(second.orders.map((o: { order: { id: number } }) => o.order.id)).toEqual([placed[0].id]);
    expect(second.hasMore).toBe(false);
    // The desk's filters apply; the main user reads the same list.
    await t.app.inject({
      method: 'POST',
      url: '/api/agreement/approve-order',
      headers: supervisor.headers,
      payload: { orderId: placed[1].id },
    });
    const approved = (await query({ agreementId: agreement.id, status: 'owner_approved' }, owner.headers)).json();
    expect(approved.orders.map((o: { order: { id: number } }) => o.order.id)).toEqual([placed[1].id]);
    const paidByCard = (await query({ agreementId: agreement.id, paymentMethod: 'stripe' })).json();
    expect(paidByCard.orders.map((o: { order: { id: number } }) => o.order.id)).toEqual([placed[3].id]);
    expect((await query({ agreementId: agreement.id, userEmail: 'nobody-matches' })).json().orders).toEqual([]);

    // Tenant isolation: another distributor, the ordering user, another supervisor and a member of the desk get 404.
    const member = await t.loginAs('order-manager');
    await t.app.inject({ method: 'POST', url: '/api/distributors/members', headers: owner.headers, payload: { email: member.email } });
    for (const headers of [other.owner.headers, ship.user.headers, (await t.loginAs('user')).headers, member.headers]) {
      const res = await query({ agreementId: agreement.id }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    // The supervisor sees nothing of another agreement, even by naming it.
    expect((await query({ agreementId: other.agreement.id })).statusCode).toBe(404);
    expect(
      (await query({ agreementId: other.agreement.id }, other.owner.headers))
        .json()
        .orders.map((o: { order: { id: number } }) => o.order.id),
    ).toEqual([elsewhere.id]);
    expect((await query({ agreementId: 0 })).statusCode).toBe(400);
  });
});
