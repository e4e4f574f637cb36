import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';
import { checkStripeSignature, signStripePayload } from './payment-signatures.js';
import { addShip, placeOrder, setUpDesk } from './orders.test-helper.js';

const stripeSecret = 'whsec_test_0123456789abcdef';
const yooSecret = 'yoomoney-test-secret';

describe('payment webhooks', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof setUpDesk>>['owner'];
  let ship: Awaited<ReturnType<typeof addShip>>;
  beforeAll(async () => {
    t = await buildTestApp({ STRIPE_WEBHOOK_SECRET: stripeSecret, YOOMONEY_NOTIFICATION_SECRET: yooSecret });
    const desk = await setUpDesk(t);
    owner = desk.owner;
    ship = await addShip(t, desk.agreement.id);
  });
  afterAll(() => t.close());

  const preOrder = async (paymentMethod: 'stripe' | 'yoomoney') =>
    (
      await placeOrder(t, ship.user, { installationId: ship.installation.id, paymentMethod, items: [{ product: 'NHO', months: 1 }] })
    ).json();
  const orderStatus = async (id: number) =>
    (await t.app.inject({ method: 'POST', url: '/api/ordermanager/query', headers: owner.headers, payload: { orderId: id } })).json()
      .orders[0].order.status;

  function stripeEvent(orderId: number | string, amount: number, opts: { id?: string; type?: string; currency?: string } = {}) {
    return JSON.stringify({
      id: opts.id ?? `evt_${randomUUID()}`,
      type: opts.type ?? 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', amount_received: amount, currency: opts.currency ?? 'rub', metadata: { orderId: String(orderId) } } },
    });
  }
  const postStripe = (body: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });

  it('confirms a pre-order on a correctly signed Stripe event, once', async () => {
    const order = await preOrder('stripe');
    expect(order).toMatchObject({ status: 'pre_order', priceTotal: '30.00' });
    const body = stripeEvent(order.id, 3000, { id: 'evt_once' });
    const res = await postStripe(body, signStripePayload(body, stripeSecret));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, orderId: order.id, status: 'new' });
    expect(await orderStatus(order.id)).toBe('new');
    const polled = await t.app.inject({ method: 'GET', url: `/api/app/v1/orders/${order.id}`, headers: ship.user.headers });
    expect(polled.json()).toMatchObject({ id: order.id, status: 'new' });
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/orders/${order.id}`, headers: owner.headers })).statusCode).toBe(404);
    const redelivered = await postStripe(body, signStripePayload(body, stripeSecret));
    expect(redelivered.json()).toEqual({ received: true, orderId: order.id, status: 'new' });
  });

  it('refuses wrongly signed, tampered, unsigned and stale Stripe events and leaves the order waiting', async () => {
    const order = await preOrder('stripe');
    const body = stripeEvent(order.id, 3000);
    const cases = [
      signStripePayload(body, 'whsec_someone_else_entirely'),
      signStripePayload(body.replace('3000', '3001'), stripeSecret),
      undefined,
      'v1=abc',
      signStripePayload(body, stripeSecret, Math.floor(Date.now() / 1000) - 3600),
    ];
    for (const signature of cases) {
      const res = await postStripe(body, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(res.json().code).toBe('invalid_signature');
      expect(JSON.stringify(res.json())).not.toContain(stripeSecret);
    }
    expect(await orderStatus(order.id)).toBe('pre_order');
  });

  it('does not confirm on a signed event for another amount or currency, or of another type', async () => {
    const order = await preOrder('stripe');
    for (const body of [
      stripeEvent(order.id, 2999),
      stripeEvent(order.id, 3000, { currency: 'usd' }),
      stripeEvent(order.id, 3000, { type: 'payment_intent.payment_failed' }),
    ]) {
      const res = await postStripe(body, signStripePayload(body, stripeSecret));
      expect(res.statusCode).toBe(200);
    }
    expect(await orderStatus(order.id)).toBe('pre_order');
  });

  it("checks Stripe's scheme: several v1 signatures, any one matching", () => {
    const body = '{"id":"evt"}';
    const good = signStripePayload(body, stripeSecret, 1_700_000_000);
    const header = `t=1700000000,v1=${'0'.repeat(64)},${good.split(',')[1]}`;
    expect(checkStripeSignature({ header, rawBody: body, secret: stripeSecret, toleranceSeconds: 300, now: 1_700_000_100 })).toBeNull();
    expect(checkStripeSignature({ header, rawBody: body, secret: stripeSecret, toleranceSeconds: 300, now: 1_700_000_400 })).toContain(
      'tolerance',
    );
  });

  /** A notification signed as YooMoney signs it: `amount` is what reached the wallet (the payer paid the fee on top). */
  function yooFields(orderId: number | string, amount: string, overrides: Record<string, string> = {}) {
    const fields: Record<string, string> = {
      notification_type: 'card-incoming',
      operation_id: `op-${randomUUID()}`,
      amount,
      withdraw_amount: (Number(amount) * 1.03).toFixed(2),
      currency: '643',
      datetime: '2026-11-23T10:00:00.000+03:00',
      sender: '',
      codepro: 'false',
      unaccepted: 'false',
      label: String(orderId),
      ...overrides,
    };
    const text = [
      fields.notification_type,
      fields.operation_id,
      fields.amount,
      fields.currency,
      fields.datetime,
      fields.sender,
      fields.codepro,
      yooSecret,
      fields.label,
    ].join('&');
    return { ...fields, sha1_hash: createHash('sha1').update(text).digest('hex'), ...overrides };
  }
  const postYoo = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/v1/payments/yoomoney/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('confirms a YooMoney pre-order on a correctly signed notification and refuses a wrong sha1_hash', async () => {
    const order = await preOrder('yoomoney');
    const forged = yooFields(order.id, '30.00', { sha1_hash: 'a'.repeat(40) });
    const bad = await postYoo(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_signature');
    const tampered = { ...yooFields(order.id, '30.00'), label: String(order.id + 1) };
    expect((await postYoo(tampered)).statusCode).toBe(400);
    expect(await orderStatus(order.id)).toBe('pre_order');
    const held = await postYoo(yooFields(order.id, '30.00', { codepro: 'true' }));
    expect(held.json()).toEqual({ received: true, orderId: order.id, status: 'pre_order' });
    const good = await postYoo(yooFields(order.id, '30.00'));
    expect(good.json()).toEqual({ received: true, orderId: order.id, status: 'new' });
    expect(await orderStatus(order.id)).toBe('new');
  });

  it('believes only what the YooMoney hash covers: the signed amount, not withdraw_amount', async () => {
    const order = await preOrder('yoomoney');
    // 1.00 reached the wallet (signed); the unsigned withdraw_amount is changed to the order's total.
    const cheap = { ...yooFields(order.id, '1.00'), withdraw_amount: '30.00' };
    expect((await postYoo(cheap)).json()).toEqual({ received: true, orderId: order.id, status: 'pre_order' });
    // Changing the signed amount breaks the hash.
    const raised = { ...yooFields(order.id, '1.00'), amount: '30.00' };
    expect((await postYoo(raised)).json().code).toBe('invalid_signature');
    // Another currency (signed) or an amount that is no amount does not confirm either.
    expect((await postYoo(yooFields(order.id, '30.00', { currency: '840' }))).json().status).toBe('pre_order');
    expect((await postYoo(yooFields(order.id, '30.000'))).json().status).toBe('pre_order');
    expect(await orderStatus(order.id)).toBe('pre_order');
    // What reached the wallet is the order's total: confirmed, whatever the payer paid on top.
    expect((await postYoo(yooFields(order.id, '30.00', { withdraw_amount: '1.00' }))).json().status).toBe('new');
  });

  it('confirms only a transfer whose unaccepted is exactly "false", and a held one replayed as accepted changes nothing', async () => {
    const order = await preOrder('yoomoney');
    const held = yooFields(order.id, '30.00', { unaccepted: 'true' });
    expect((await postYoo(held)).json()).toEqual({ received: true, orderId: order.id, status: 'pre_order' });
    // The same signed operation, replayed with the unsigned flag flipped (or dropped).
    expect((await postYoo({ ...held, unaccepted: 'false' })).json().status).toBe('pre_order');
    const { unaccepted: _dropped, ...withoutFlag } = held;
    expect((await postYoo(withoutFlag)).json().status).toBe('pre_order');
    // A fresh operation without the flag, or with something else in it, is not credited either.
    const { unaccepted: _none, ...noFlag } = yooFields(order.id, '30.00');
    expect((await postYoo(noFlag)).json().status).toBe('pre_order');
    expect((await postYoo(yooFields(order.id, '30.00', { unaccepted: 'FALSE ' }))).json().status).toBe('pre_order');
    expect(await orderStatus(order.id)).toBe('pre_order');
    const ignored = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.payment-ignored'));
    expect(
      ignored
        .filter((a) => (a.subject as { orderId: number }).orderId === order.id)
        .map((a) => (a.subject as { credited: boolean }).credited),
    ).toEqual([false, false, false]);
    // A credited transfer of its own operation confirms it.
    expect((await postYoo(yooFields(order.id, '30.00'))).json()).toEqual({ received: true, orderId: order.id, status: 'new' });
  });

  it('answers 400 naming the field for a signed orderId or label that is not an id (never a 500), and ignores a payment without one', async () => {
    const order = await preOrder('stripe');
    for (const bad of ['2147483648', '1e15', '1000000000000000', '-5', '0', '1.5', 'abc', '']) {
      const body = stripeEvent(bad, 3000);
      const res = await postStripe(body, signStripePayload(body, stripeSecret));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'validation', details: [{ path: 'body.data.object.metadata.orderId' }] });
    }
    const foreign = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      data: { object: { amount_received: 3000, currency: 'rub', metadata: {} } },
    });
    expect((await postStripe(foreign, signStripePayload(foreign, stripeSecret))).json()).toEqual({
      received: true,
      orderId: null,
      status: null,
    });
    expect(await orderStatus(order.id)).toBe('pre_order');

    const yoo = await preOrder('yoomoney');
    for (const bad of ['2147483648', '1e15', '-5', 'abc']) {
      const res = await postYoo(yooFields(bad, '30.00'));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'validation', details: [{ path: 'body.label' }] });
    }
    expect((await postYoo(yooFields('', '30.00'))).json()).toEqual({ received: true, orderId: null, status: null });
    expect(await orderStatus(yoo.id)).toBe('pre_order');
  });

  it('answers 404 when a provider is not configured', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/app/v1/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
