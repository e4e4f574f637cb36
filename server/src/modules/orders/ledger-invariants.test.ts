import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, distributors, transactions, users } from '../../db/schema/index.js';
import { formatCents, toCents } from '../../lib/money.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { addShip, linkTestProducts, placeOrder, setUpDesk } from './orders.test-helper.js';

// The ledger's promises under concurrency (issue 13), on PGlite and, with DATABASE_URL, on PostgreSQL.

const clients = 64;

describe('ledger invariants under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

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
      expect(formatCents(toCents(row.balance))).toBe(formatCents(running));
    }
    const [agreement] = await t.database.db.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(formatCents(toCents(agreement!.balance))).toBe(formatCents(running));
    return rows;
  }

  it('charges exactly N of 64 concurrent orders when the agreement limit allows N; the rest are errors naming the limit', async () => {
    // Primar is 100.00 net a month: a limit of 1,700.00 allows exactly 17 one-month orders.
    const { agreement } = await setUpDesk(t, { agreementLimit: '1700.00' });
    const ships = await Promise.all(Array.from({ length: 8 }, () => addShip(t, agreement.id)));
    const answers = await Promise.all(
      Array.from({ length: clients }, (_, i) => {
        const ship = ships[i % ships.length]!;
        return placeOrder(t, ship.user, {
          installationId: ship.installation.id,
          paymentMethod: 'agreement',
          items: [{ product: 'Primar', months: 1 }],
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(clients).fill(201));
    const orders = answers.map((a) => a.json());
    expect(orders.filter((o) => o.status === 'new')).toHaveLength(17);
    const refused = orders.filter((o) => o.status === 'error');
    expect(refused).toHaveLength(clients - 17);
    for (const o of refused) {
      expect(o.errorReason).toBe('agreement_limit');
      expect(o.error).toContain('agreement limit of 1700.00 RUB');
    }
    const rows = await expectConsistentLedger(agreement.id);
    expect(rows.filter((r) => r.type === 'charge')).toHaveLength(17);
    expect(rows.at(-1)!.balance).toBe('-1700.00');
  });

  it("charges exactly N of 64 concurrent orders of one user when the user's limit allows N", async () => {
    // NHO is 25.50 a month: a user limit of 280.50 allows exactly 11.
    const { agreement } = await setUpDesk(t, { agreementLimit: null });
    const ship = await addShip(t, agreement.id, { userLimit: '280.50' });
    const answers = await Promise.all(
      Array.from({ length: clients }, () =>
        placeOrder(t, ship.user, {
          installationId: ship.installation.id,
          paymentMethod: 'agreement',
          items: [{ product: 'NHO', months: 1 }],
        }),
      ),
    );
    const orders = answers.map((a) => a.json());
    expect(orders.filter((o) => o.status === 'new')).toHaveLength(11);
    const refused = orders.filter((o) => o.status === 'error');
    expect(refused).toHaveLength(clients - 11);
    for (const o of refused) {
      expect(o.errorReason).toBe('user_limit');
      expect(o.error).toContain('user limit of 280.50 RUB');
    }
    const rows = await expectConsistentLedger(agreement.id);
    expect(rows.map((r) => r.userLimit)).toEqual(Array(11).fill('280.50'));
    const limits = (
      await t.app.inject({
        method: 'GET',
        url: `/api/agreement/limits?agreementId=${agreement.id}`,
        headers: await ownerHeaders(agreement.distributorId),
      })
    ).json();
    expect(limits.usersLimits[0]).toMatchObject({ userId: ship.user.id, limit: '280.50', spent: '280.50' });
  });

  async function ownerHeaders(distributorId: number) {
    const [row] = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(distributors)
      .innerJoin(users, eq(users.id, distributors.mainUserId))
      .where(eq(distributors.id, distributorId));
    return { authorization: `Bearer ${t.app.signToken(row!)}` };
  }

  it('answers a retried create with the first order and charges once; the same key with another body is 409', async () => {
    const { agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const key = randomUUID();
    const body = { installationId: ship.installation.id, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 3 }] };
    const answers = await Promise.all(Array.from({ length: 16 }, () => placeOrder(t, ship.user, body, key)));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(15);
    const rows = await expectConsistentLedger(agreement.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'charge', amount: '-30.00' });

    const other = await placeOrder(t, ship.user, { ...body, items: [{ product: 'NOAA', months: 4 }] }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await expectConsistentLedger(agreement.id)).toHaveLength(1);
  });

  it('lets exactly one of concurrent process and cancel calls win, and refunds a cancelled order exactly once', async () => {
    const { agreement, owner } = await setUpDesk(t);
    await linkTestProducts(t);
    const ship = await addShip(t, agreement.id);
    for (let round = 0; round < 3; round++) {
      const order = (
        await placeOrder(t, ship.user, {
          installationId: ship.installation.id,
          paymentMethod: 'agreement',
          items: [{ product: 'Primar', months: 2 }],
        })
      ).json();
      const calls = Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({ method: 'GET', url: `/api/agreement/process-order?orderId=${order.id}`, headers: owner.headers })
          : t.app.inject({ method: 'POST', url: '/api/agreement/cancel-order', headers: owner.headers, payload: { orderId: order.id } }),
      );
      const answers = await Promise.all(calls);
      const wins = answers.filter((a) => a.statusCode === 200);
      expect(wins).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('order_status');
      const rows = await t.database.db.select().from(transactions).where(eq(transactions.orderId, order.id));
      const refunds = rows.filter((r) => r.type === 'refund');
      expect(refunds).toHaveLength(wins[0]!.json().status === 'cancelled_by_distirbutor' ? 1 : 0);
    }
    await expectConsistentLedger(agreement.id);
  });
});
