import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, auditLog, transactions } from '../../db/schema/index.js';
import { seedUserInstallation } from '../../db/seed/orders-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { addShip, linkTestProducts, placeOrder, setUpDesk } from './orders.test-helper.js';

describe('orders', () => {
  let t: TestApp;
  let products: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef', YOOMONEY_NOTIFICATION_SECRET: 'yoomoney-test-secret' });
    products = await linkTestProducts(t);
  });
  afterAll(() => t.close());

  it('prices an agreement order from the net rates of the installation application and charges it at once', async () => {
    const { agreement } = await setUpDesk(t);
    const mkart = await addShip(t, agreement.id, { applicationTypeId: 101 });
    const dkart = await addShip(t, agreement.id, { applicationTypeId: 105 });
    const res = await placeOrder(t, mkart.user, {
      installationId: mkart.installation.id,
      paymentMethod: 'agreement',
      shipName: 'MV Aurora',
      items: [
        { product: 'NHO', months: 3 },
        { product: 'NOAA', months: 12 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'new',
      currency: 'RUB',
      priceTotal: '196.50',
      agreementId: agreement.id,
      paymentMethod: 'agreement',
      user: { id: mkart.user.id, email: mkart.user.email },
      device: { shipName: 'MV Aurora', deviceId: mkart.installation.deviceId, applicationTypeId: 101 },
      orderItems: [
        { product: 'NHO', duration: 3, price: '76.50' },
        { product: 'NOAA', duration: 12, price: '120.00' },
      ],
      errorReason: null,
    });
    const [charge] = await t.database.db.select().from(transactions).where(eq(transactions.orderId, res.json().id));
    expect(charge).toMatchObject({ type: 'charge', amount: '-196.50', balance: '-196.50', userId: mkart.user.id });
    const fishing = await placeOrder(t, dkart.user, {
      installationId: dkart.installation.id,
      paymentMethod: 'agreement',
      items: [{ product: 'Primar', months: 1 }],
    });
    expect(fishing.json().priceTotal).toBe('100.00');
  });

  it('refuses bad orders with a clear 4xx', async () => {
    const { agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/orders',
      headers: ship.user.headers,
      payload: { installationId: ship.installation.id, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 1 }] },
    });
    expect(noKey.statusCode).toBe(400);
    expect(JSON.stringify(noKey.json())).toContain('Idempotency-Key');
    const cases: [object, number, string][] = [
      [{ installationId: ship.installation.id, paymentMethod: 'agreement', items: [] }, 400, 'at least one item'],
      [{ installationId: ship.installation.id, paymentMethod: 'cash', items: [{ product: 'NOAA', months: 1 }] }, 400, 'paymentMethod'],
      [{ installationId: ship.installation.id, paymentMethod: 'agreement', items: [{ product: 'UKHO', months: 1 }] }, 400, 'product'],
      [
        { installationId: ship.installation.id, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 0 }] },
        400,
        'at least 1 month',
      ],
      [{ installationId: 999999, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 1 }] }, 404, 'Installation not found'],
      [
        { installationId: ship.installation.id, agreementId: 999999, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 1 }] },
        404,
        'Agreement of this installation not found',
      ],
    ];
    for (const [body, status, text] of cases) {
      const res = await placeOrder(t, ship.user, body as never);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toContain(text);
    }
    const vega = await addShip(t, agreement.id, { applicationTypeId: 2 });
    const noRate = await placeOrder(t, vega.user, {
      installationId: vega.installation.id,
      paymentMethod: 'agreement',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toBe(`Agreement ${agreement.id} has no net rate for NOAA on Vega in RUB`);
    const loose = await seedUserInstallation(t.database.db, { userId: ship.user.id, deviceId: 'LOOSE', applicationTypeId: 101 });
    const offAgreement = await placeOrder(t, ship.user, {
      installationId: loose.id,
      paymentMethod: 'agreement',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(offAgreement.json().message).toContain('on no agreement');
    const someoneElse = await placeOrder(t, vega.user, {
      installationId: ship.installation.id,
      paymentMethod: 'agreement',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(someoneElse.statusCode).toBe(404);
  });

  it('ends an order under an expired agreement in error', async () => {
    const { agreement } = await setUpDesk(t, { validTill: '2020-01-01' });
    const ship = await addShip(t, agreement.id);
    const res = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'agreement',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(res.json()).toMatchObject({ status: 'error', errorReason: 'agreement_expired' });
    expect(await t.database.db.select().from(transactions).where(eq(transactions.agreementId, agreement.id))).toEqual([]);
  });

  it('gives one free trial of at most a month per user and product', async () => {
    const { agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const first = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'trial',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'new', priceTotal: '0.00', paymentMethod: 'trial' });
    const again = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'trial',
      items: [{ product: 'NOAA', months: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The trial of NOAA was already used by this user');
    const long = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'trial',
      items: [{ product: 'NHO', months: 2 }],
    });
    expect(long.statusCode).toBe(400);
    const other = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'trial',
      items: [{ product: 'NHO', months: 1 }],
    });
    expect(other.statusCode).toBe(201);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.agreementId, agreement.id))).toEqual([]);
  });

  it('keeps card orders as pre_order at the end-user price; YooMoney only in RUB', async () => {
    const { agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const stripe = await placeOrder(t, ship.user, {
      installationId: ship.installation.id,
      paymentMethod: 'stripe',
      items: [{ product: 'Primar', months: 2 }],
    });
    expect(stripe.json()).toMatchObject({ status: 'pre_order', priceTotal: '300.00', currency: 'RUB' });
    const usd = await setUpDesk(t, { currency: 'USD' });
    const usdShip = await addShip(t, usd.agreement.id);
    const yoo = await placeOrder(t, usdShip.user, {
      installationId: usdShip.installation.id,
      paymentMethod: 'yoomoney',
      items: [{ product: 'Primar', months: 1 }],
    });
    expect(yoo.statusCode).toBe(400);
    expect(yoo.json().message).toBe('YooMoney takes payments in RUB only');
  });

  it('processes a new order: issues the licences to the user with the installation → complete, shown in the cabinet', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const order = (
      await placeOrder(t, ship.user, {
        installationId: ship.installation.id,
        paymentMethod: 'agreement',
        items: [
          { product: 'Primar', months: 6 },
          { product: 'NHO', months: 1 },
        ],
      })
    ).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${order.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('complete');
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: ship.user.headers })).json();
    expect(profile.licenses.map((l: { product: { id: number } }) => l.product.id).sort()).toEqual([products.Primar, products.NHO].sort());
    for (const licence of profile.licenses) {
      expect(licence.installations).toEqual([expect.objectContaining({ deviceId: ship.installation.deviceId, applicationTypeId: 101 })]);
      expect(licence.deviceCount).toBe(1);
    }
    const again = await t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${order.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'order_status',
      message: `Order ${order.id} is complete: only new or owner approved orders can be processed`,
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/cancel-order',
      headers: owner.headers,
      payload: { orderId: order.id },
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('cancels a new or owner-approved order with exactly one refund row, and refuses every other move', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id, { userLimit: '100.00' });
    const place = (paymentMethod: string, product = 'NOAA') =>
      placeOrder(t, ship.user, { installationId: ship.installation.id, paymentMethod, items: [{ product, months: 2 }] }).then((r) =>
        r.json(),
      );
    const charged = await place('agreement');
    const cancel = (orderId: number) =>
      t.app.inject({ method: 'POST', url: '/api/agreement/cancel-order', headers: owner.headers, payload: { orderId } });
    const process = (orderId: number) =>
      t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${orderId}`, headers: owner.headers });
    const res = await cancel(charged.id);
    expect(res.json().status).toBe('cancelled_by_distirbutor');
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.orderId, charged.id));
    expect(rows.map((r) => [r.type, r.amount, r.balance])).toEqual([
      ['charge', '-20.00', '-20.00'],
      ['refund', '20.00', '0.00'],
    ]);
    expect((await cancel(charged.id)).json()).toMatchObject({
      code: 'order_status',
      message: expect.stringContaining('is cancelled by distirbutor'),
    });
    expect((await process(charged.id)).statusCode).toBe(409);
    // The refund gave the user's limit back.
    const limits = (
      await t.app.inject({ method: 'GET', url: `/api/agreement/limits?agreementId=${agreement.id}`, headers: owner.headers })
    ).json();
    expect(limits.usersLimits[0].spent).toBe('0.00');

    const supervisor = await t.loginAs('user');
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    const ownerApprove = (orderId: number) =>
      t.app.inject({ method: 'POST', url: '/api/agreement/approve-order', headers: supervisor.headers, payload: { orderId } });
    const approved = await place('agreement', 'NHO');
    expect((await ownerApprove(approved.id)).json().status).toBe('owner_approved');
    expect((await process(approved.id)).json().status).toBe('complete');
    const approvedToCancel = await place('agreement', 'NOAA');
    expect((await ownerApprove(approvedToCancel.id)).json().status).toBe('owner_approved');
    expect((await cancel(approvedToCancel.id)).json().status).toBe('cancelled_by_distirbutor');
    expect(
      (await t.database.db.select().from(transactions).where(eq(transactions.orderId, approvedToCancel.id))).map((r) => r.type),
    ).toEqual(['charge', 'refund']);
    const pre = await place('stripe');
    expect((await process(pre.id)).json().message).toContain('is pre order');
    expect((await cancel(pre.id)).statusCode).toBe(409);
    const refused = await place('agreement', 'Primar');
    expect(refused.status).toBe('error');
    expect((await cancel(refused.id)).statusCode).toBe(409);
    expect((await process(refused.id)).statusCode).toBe(409);
    // Another distributor's order is not there at all.
    const rival = await setUpDesk(t);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/agreement/cancel-order',
          headers: rival.owner.headers,
          payload: { orderId: refused.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${approved.id}`, headers: rival.owner.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("moves a new order to owner_approved by the agreement supervisor's approval only, refusing every other move", async () => {
    const { owner, agreement } = await setUpDesk(t);
    const supervisor = await t.loginAs('user');
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    const ship = await addShip(t, agreement.id);
    const place = (paymentMethod: string, product = 'NOAA') =>
      placeOrder(t, ship.user, { installationId: ship.installation.id, paymentMethod, items: [{ product, months: 1 }] }).then((r) =>
        r.json(),
      );
    const approve = (orderId: number, headers = supervisor.headers) =>
      t.app.inject({ method: 'POST', url: '/api/agreement/approve-order', headers, payload: { orderId } });

    const order = await place('agreement');
    expect((await t.app.inject({ method: 'POST', url: '/api/agreement/approve-order', payload: { orderId: order.id } })).statusCode).toBe(
      401,
    );
    // Not the owner's call: the distributor, the ship's user and another supervisor see no such order.
    expect((await approve(order.id, owner.headers)).statusCode).toBe(404);
    expect((await approve(order.id, ship.user.headers)).statusCode).toBe(404);
    expect((await approve(order.id, (await t.loginAs('user')).headers)).statusCode).toBe(404);

    const approved = await approve(order.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: order.id, status: 'owner_approved' });
    const again = await approve(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'order_status',
      message: `Order ${order.id} is owner approved: only new orders can be approved by the owner`,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.owner-approve'), eq(auditLog.actorUserId, supervisor.id)));
    expect(audit).toMatchObject({ actorUserId: supervisor.id, subject: expect.objectContaining({ orderId: order.id }) });
    // The desk then processes it like a new order.
    const processed = await t.app.inject({
      method: 'GET',
      url: `/api/agreement/process-order?orderId=${order.id}`,
      headers: owner.headers,
    });
    expect(processed.json().status).toBe('complete');
    expect((await approve(order.id)).json().message).toContain('is complete');

    // Pre-orders wait for the payment; cancelled and refused orders stay where they are.
    expect((await approve((await place('stripe')).id)).json().message).toContain('is pre order');
    const toCancel = await place('agreement');
    await t.app.inject({ method: 'POST', url: '/api/agreement/cancel-order', headers: owner.headers, payload: { orderId: toCancel.id } });
    expect((await approve(toCancel.id)).json().message).toContain('is cancelled by distirbutor');
    const setUserLimit = (limit: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agreement/set-user-limit',
        headers: owner.headers,
        payload: { agreementId: agreement.id, userId: ship.user.id, limit },
      });
    await setUserLimit('0');
    const overLimit = await place('agreement');
    expect(overLimit.status).toBe('error');
    expect((await approve(overLimit.id)).json().message).toContain('is error');
    await setUserLimit(null);

    // Concurrent approvals of one order: exactly one wins; a process beside them always completes it.
    const contested = await place('agreement');
    const approvals = await Promise.all(Array.from({ length: 6 }, () => approve(contested.id)));
    expect(approvals.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(approvals.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const raced = await place('agreement');
    const [first, processedRace, second] = await Promise.all([
      approve(raced.id),
      t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${raced.id}`, headers: owner.headers }),
      approve(raced.id),
    ]);
    expect(processedRace.json().status).toBe('complete');
    expect([first!.statusCode, second!.statusCode].filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    expect([first!.statusCode, second!.statusCode].every((c) => c === 200 || c === 409)).toBe(true);
  });

  it("pages the desk's orders by 40 with filters, for the distributor and its order managers only", async () => {
    const { owner, agreement, distributor } = await setUpDesk(t);
    const a = await addShip(t, agreement.id);
    const b = await addShip(t, agreement.id);
    for (let i = 0; i < 45; i++)
      await placeOrder(t, a.user, {
        installationId: a.installation.id,
        paymentMethod: 'agreement',
        items: [{ product: 'NOAA', months: 1 }],
      });
    const bOrder = (
      await placeOrder(t, b.user, {
        installationId: b.installation.id,
        paymentMethod: 'stripe',
        shipName: 'Sea Lark',
        items: [{ product: 'NHO', months: 7 }],
      })
    ).json();
    const query = (payload: object, headers = owner.headers) =>
      t.app.inject({ method: 'POST', url: '/api/ordermanager/query', headers, payload });
    const first = (await query({ pageSize: 40, pageNumber: 0 })).json();
    expect(first.orders).toHaveLength(40);
    expect(first.hasMore).toBe(true);
    // The whole count beside the page, so the desk can say "40 of 46".
    expect(first.total).toBe(46);
    expect((await query({ pageSize: 40, pageNumber: 0, paymentMethod: 'agreement' })).json().total).toBe(45);
    expect(first.orders[0]).toMatchObject({
      order: {
        id: bOrder.id,
        user: { email: b.user.email },
        paymentMethod: 'stripe',
        currency: 'RUB',
        priceTotal: '210.00',
        status: 'pre_order',
        orderItems: [{ product: 'NHO', duration: 7 }],
      },
      shipName: 'Sea Lark',
      agreement: { agreementId: agreement.id, name: agreement.name, distributorName: distributor.title },
    });
    const second = (await query({ pageSize: 40, pageNumber: 1 })).json();
    expect(second.orders).toHaveLength(6);
    expect(second.hasMore).toBe(false);
    expect(second.total).toBe(46);
    expect(
      (await query({ userEmail: b.user.email.toUpperCase().slice(0, 12) })).json().orders.map((o: { order: { id: number } }) => o.order.id),
    ).toEqual([bOrder.id]);
    expect((await query({ paymentMethod: 'stripe' })).json().orders).toHaveLength(1);
    expect((await query({ status: 'new', pageSize: 100 })).json().orders).toHaveLength(45);
    expect((await query({ orderId: bOrder.id })).json().orders).toHaveLength(1);
    expect((await query({ agreementId: agreement.id, pageSize: 100 })).json().orders).toHaveLength(46);
    expect((await query({ status: 'complete' })).json().orders).toEqual([]);
    expect((await query({ status: 'shipped' })).statusCode).toBe(400);

    const rival = await setUpDesk(t);
    expect((await query({}, rival.owner.headers)).json().orders).toEqual([]);
    const manager = await t.loginAs('user');
    expect((await query({}, manager.headers)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/distributors/members', headers: owner.headers, payload: { email: manager.email } });
    const asManager = (await query({ orderId: bOrder.id }, manager.headers)).json();
    expect(asManager.orders).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/agreement/cancel-order',
          headers: manager.headers,
          payload: { orderId: first.orders[1].order.id },
        })
      ).json().status,
    ).toBe('cancelled_by_distirbutor');

    const list = (await t.app.inject({ method: 'POST', url: '/api/agreement/order-list', headers: owner.headers, payload: {} })).json();
    expect(list.orders).toHaveLength(40);
    expect(list.orders[0]).toMatchObject({
      id: bOrder.id,
      device: { shipName: 'Sea Lark' },
      agreementId: agreement.id,
      orderItems: [{ duration: 7 }],
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/agreement/order-list', headers: rival.owner.headers, payload: {} })).json().orders,
    ).toEqual([]);
  });

  it('documents the order call in the OpenAPI page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/app/v1/orders'].post;
    expect(op.description).toContain('Idempotency-Key');
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain('header:idempotency-key');
    for (const path of [
      '/api/ordermanager/query',
      '/api/agreement/process-order',
      '/api/agreement/cancel-order',
      '/api/agreement/transactions-query',
      '/api/app/v1/payments/stripe/webhook',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
