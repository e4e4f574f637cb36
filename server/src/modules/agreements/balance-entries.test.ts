import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, auditLog, transactions } from '../../db/schema/index.js';
import { formatCents, toCents } from '../../lib/money.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { addShip, placeOrder, setUpDesk } from '../orders/orders.test-helper.js';

// Top-ups and adjustments (issue 13): the agreement's distributor moves the balance with a ledger
// row, once per Idempotency-Key, never below minus the agreement limit; on PGlite and PostgreSQL.

describe('top-ups and adjustments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload: object, key: string | null = randomUUID()) =>
    t.app.inject({ method: 'POST', url, headers: key === null ? headers : { ...headers, 'idempotency-key': key }, payload });
  const topUp = (headers: Record<string, string>, payload: object, key?: string | null) =>
    post('/api/agreement/top-up', headers, payload, key);
  const adjust = (headers: Record<string, string>, payload: object, key?: string | null) =>
    post('/api/agreement/adjust', headers, payload, key);

  async function balanceOf(agreementId: number) {
    const [row] = await t.database.db.select().from(agreements).where(eq(agreements.id, agreementId));
    return formatCents(toCents(row!.balance));
  }

  /** Every row's balance = the previous row's + its amount, and the agreement's balance = the sum of its rows. */
  async function expectConsistentLedger(agreementId: number) {
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.agreementId, agreementId))
      .orderBy(asc(transactions.id));
    let running = 0n;
    for (const row of rows) {
      running += toCents(row.amount);
      expect(formatCents(toCents(row.balance)), `row ${row.id}`).toBe(formatCents(running));
    }
    expect(await balanceOf(agreementId)).toBe(formatCents(running));
    return rows;
  }

  it('lets only the agreement’s distributor post: no token 401, the supervisor read-only, another distributor 404', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const supervisor = await t.loginAs('user');
    const supervisingDistributor = await t.loginAs('distributor2');
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    const body = { agreementId: agreement.id, amount: '10' };

    for (const url of ['/api/agreement/top-up', '/api/agreement/adjust']) {
      const payload = { ...body, reason: 'check' };
      expect((await post(url, {}, payload)).statusCode).toBe(401);
      // The supervisor may read the agreement and its ledger, never move its balance.
      expect((await post(url, supervisor.headers, payload)).statusCode).toBe(403);
      expect((await post(url, (await t.loginAs('order-manager')).headers, payload)).statusCode).toBe(403);
      const rival = await setUpDesk(t);
      const foreign = await post(url, rival.owner.headers, payload);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('not_found');
    }
    // A supervisor who also runs a distributor area still gets 404 on an agreement that is not its own.
    await t.database.db.update(agreements).set({ supervisorId: supervisingDistributor.id }).where(eq(agreements.id, agreement.id));
    expect((await topUp(supervisingDistributor.headers, body)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/agreement?id=${agreement.id}`, headers: supervisingDistributor.headers })).statusCode,
    ).toBe(200);

    expect(await expectConsistentLedger(agreement.id)).toHaveLength(0);
    expect((await topUp(owner.headers, body)).statusCode).toBe(201);
    expect(await balanceOf(agreement.id)).toBe('10.00');
  });

  it('refuses bad input with a clear 400: no key, a zero, negative or over-precise amount, an adjustment without a reason', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const noKey = await topUp(owner.headers, { agreementId: agreement.id, amount: '5' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain('Idempotency-Key');
    for (const amount of ['0', '-5', '1.005', 'ten', '10000000000', 12.345]) {
      const res = await topUp(owner.headers, { agreementId: agreement.id, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().details[0].path).toBe('body.amount');
    }
    const zero = await adjust(owner.headers, { agreementId: agreement.id, amount: '0.00', reason: 'nothing' });
    expect(zero.json().details[0].path).toBe('body.amount');
    const noReason = await adjust(owner.headers, { agreementId: agreement.id, amount: '-5' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe('body.reason');
    const blankReason = await adjust(owner.headers, { agreementId: agreement.id, amount: '-5', reason: '   ' });
    expect(blankReason.json().details[0]).toMatchObject({ path: 'body.reason', message: 'a reason is required' });
    expect(await expectConsistentLedger(agreement.id)).toHaveLength(0);
  });

  it('appends a top-up and an adjustment with the balance after them, the limit in force and the reason, audited', async () => {
    const { owner, agreement } = await setUpDesk(t, { agreementLimit: '100.00' });
    const supervisor = await t.loginAs('user');
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));

    const up = await topUp(owner.headers, { agreementId: agreement.id, amount: '250.5', reason: 'Payment 2026-118' });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      agreementId: agreement.id,
      type: 'top-up',
      amount: '250.50',
      balance: '250.50',
      agreementLimit: '100.00',
      userId: null,
      orderId: null,
      reason: 'Payment 2026-118',
    });
    const down = await adjust(owner.headers, { agreementId: agreement.id, amount: -300.25, reason: 'Invoice 77 corrected' });
    expect(down.statusCode).toBe(201);
    expect(down.json()).toMatchObject({ type: 'adjustment', amount: '-300.25', balance: '-49.75', reason: 'Invoice 77 corrected' });

    // Below minus the limit (-100.00): refused, nothing appended.
    const tooFar = await adjust(owner.headers, { agreementId: agreement.id, amount: '-50.26', reason: 'too much' });
    expect(tooFar.statusCode).toBe(409);
    expect(tooFar.json()).toMatchObject({ code: 'agreement_limit' });
    expect(tooFar.json().message).toBe(
      'This adjustment would take the balance from -49.75 to -100.01 RUB, below minus the agreement limit of 100.00 RUB',
    );
    const toTheLimit = await adjust(owner.headers, { agreementId: agreement.id, amount: '-50.25', reason: 'exactly to the limit' });
    expect(toTheLimit.json().balance).toBe('-100.00');
    // Raising it is always allowed.
    const back = await adjust(owner.headers, { agreementId: agreement.id, amount: '0.01', reason: 'rounding' });
    expect(back.json().balance).toBe('-99.99');

    const rows = await expectConsistentLedger(agreement.id);
    expect(rows.map((r) => r.type)).toEqual(['top-up', 'adjustment', 'adjustment', 'adjustment']);
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/transactions-query',
      headers: supervisor.headers,
      payload: { agreementId: agreement.id },
    });
    expect(listed.json().transactions.map((r: { type: string; reason: string | null }) => [r.type, r.reason])).toEqual([
      ['adjustment', 'rounding'],
      ['adjustment', 'exactly to the limit'],
      ['adjustment', 'Invoice 77 corrected'],
      ['top-up', 'Payment 2026-118'],
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.id));
    expect(audit.map((a) => a.action)).toEqual(['ledger.top-up', 'ledger.adjustment', 'ledger.adjustment', 'ledger.adjustment']);
    expect(audit[0]!.subject).toMatchObject({ agreementId: agreement.id, amount: '250.50', reason: 'Payment 2026-118' });
  });

  it('answers a retry with the first row and moves the balance once; the same key with another body is 409', async () => {
    const { owner, agreement } = await setUpDesk(t, { agreementLimit: '10.00' });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => topUp(owner.headers, { agreementId: agreement.id, amount: '40' }, key)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(11);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await balanceOf(agreement.id)).toBe('40.00');

    const other = await topUp(owner.headers, { agreementId: agreement.id, amount: '41' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
    // The same key as an adjustment is another request too.
    expect((await adjust(owner.headers, { agreementId: agreement.id, amount: '40', reason: 'x' }, key)).statusCode).toBe(409);

    // An adjustment retried after the balance changed is still answered with the first row.
    const adjustKey = randomUUID();
    const first = await adjust(owner.headers, { agreementId: agreement.id, amount: '-50', reason: 'fee' }, adjustKey);
    expect(first.json().balance).toBe('-10.00');
    const retry = await adjust(owner.headers, { agreementId: agreement.id, amount: '-50', reason: 'fee' }, adjustKey);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await expectConsistentLedger(agreement.id)).toHaveLength(2);
  });

  it('keeps the balance chain and the limits when top-ups and adjustments run beside concurrent charges', async () => {
    // Primar costs 100.00 a month; the limit is 500.00. 50.00 first, then 6 top-ups of 100.00 and an
    // adjustment of +50.00 race 48 orders: 5 (every top-up last) to 12 (every top-up first) are charged.
    const { owner, agreement } = await setUpDesk(t, { agreementLimit: '500.00' });
    const ships = await Promise.all(Array.from({ length: 6 }, () => addShip(t, agreement.id)));
    expect((await topUp(owner.headers, { agreementId: agreement.id, amount: '50' })).statusCode).toBe(201);
    const calls: Promise<{ statusCode: number; json(): { status?: string } }>[] = [];
    for (let i = 0; i < 48; i++) {
      const ship = ships[i % ships.length]!;
      calls.push(
        placeOrder(t, ship.user, {
          installationId: ship.installation.id,
          paymentMethod: 'agreement',
          items: [{ product: 'Primar', months: 1 }],
        }),
      );
      if (i % 8 === 0) calls.push(topUp(owner.headers, { agreementId: agreement.id, amount: '100' }));
      if (i === 20) calls.push(adjust(owner.headers, { agreementId: agreement.id, amount: '50', reason: 'credit note' }));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(201));
    const rows = await expectConsistentLedger(agreement.id);
    expect(rows.filter((r) => r.type === 'top-up')).toHaveLength(7);
    expect(rows.filter((r) => r.type === 'adjustment')).toHaveLength(1);
    const charges = rows.filter((r) => r.type === 'charge');
    // Whatever the order, no row's balance is below minus the limit.
    for (const row of rows) expect(toCents(row.balance) >= -50_000n, `row ${row.id} at ${row.balance}`).toBe(true);
    expect(charges.length).toBeGreaterThanOrEqual(5);
    expect(charges.length).toBeLessThanOrEqual(12);
    const orders = answers.filter((a) => a.json().status !== undefined).map((a) => a.json());
    expect(orders.filter((o) => o.status === 'new')).toHaveLength(charges.length);
  });
});
