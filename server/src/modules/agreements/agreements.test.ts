import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agreements } from '../../db/schema/index.js';
import { seedDistributor } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { addShip, placeOrder, setUpDesk, testRates } from '../orders/orders.test-helper.js';

describe('agreements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates an agreement for a distributor the caller runs, with validation and the supervisor by e-mail', async () => {
    const { owner, distributor } = await setUpDesk(t);
    const supervisor = await t.loginAs('user');
    const found = await t.app.inject({
      method: 'POST',
      url: `/api/agreement/get-user-by-email?email=${encodeURIComponent(supervisor.email.toUpperCase())}`,
      headers: owner.headers,
    });
    expect(found.json()).toEqual({ id: supervisor.id, email: supervisor.email });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/get-user-by-email?email=nobody@example.test',
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'no_such_user', message: 'No such user!' });

    const noDate = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/create',
      headers: owner.headers,
      payload: { distributorId: distributor.id, name: 'X', type: 'com', currency: 'RUB' },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().details[0].path).toBe('body.validTill');
    const noDistributor = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/create',
      headers: owner.headers,
      payload: { validTill: '2030-01-01', name: 'X' },
    });
    expect(noDistributor.statusCode).toBe(400);
    expect(noDistributor.json().details[0].path).toBe('body.distributorId');
    const badSupervisor = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/create',
      headers: owner.headers,
      payload: { validTill: '2030-01-01', name: 'X', distributorId: distributor.id, supervisorId: 999999 },
    });
    expect(badSupervisor.json().code).toBe('no_such_user');

    const rival = await setUpDesk(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/create',
      headers: owner.headers,
      payload: { validTill: '2030-01-01', name: 'X', distributorId: rival.distributor.id },
    });
    expect(foreign.statusCode).toBe(404);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/create',
      headers: owner.headers,
      payload: {
        validTill: '2030-06-30',
        type: 'svc',
        distributorId: distributor.id,
        currency: 'USD',
        name: 'Pacific Fleet',
        supervisorId: supervisor.id,
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'Pacific Fleet',
      type: 'svc',
      currency: 'USD',
      validTill: '2030-06-30',
      supervisorId: supervisor.id,
      supervisor: { email: supervisor.email },
      distributor: { id: distributor.id, mainUser: { email: owner.email } },
      balance: '0.00',
      rates: {},
      limits: { agreementLimit: null, usersLimits: [] },
    });
    const list = (await t.app.inject({ method: 'POST', url: '/api/agreement/query', headers: owner.headers, payload: {} })).json();
    expect(list.agreements.map((a: { name: string }) => a.name)).toContain('Pacific Fleet');
    const rivalList = (
      await t.app.inject({ method: 'POST', url: '/api/agreement/query', headers: rival.owner.headers, payload: {} })
    ).json();
    expect(rivalList.agreements.map((a: { name: string }) => a.name)).not.toContain('Pacific Fleet');

    // The supervisor reads it; another distributor gets 404; nobody but the owner changes it.
    const id = created.json().id;
    expect((await t.app.inject({ method: 'GET', url: `/api/agreement?id=${id}`, headers: supervisor.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/agreement?id=${id}`, headers: rival.owner.headers })).statusCode).toBe(404);
    const supervisorEdit = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/update',
      headers: { authorization: `Bearer ${t.app.signToken(supervisor)}` },
      payload: { id, name: 'Y', validTill: '2031-01-01', type: 'com' },
    });
    expect(supervisorEdit.statusCode).toBe(403);
    const rivalEdit = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/update',
      headers: rival.owner.headers,
      payload: { id, name: 'Y', validTill: '2031-01-01', type: 'com' },
    });
    expect(rivalEdit.statusCode).toBe(404);
  });

  it('updates name, valid-till, type and rates, refusing non-numbers and dropping a product without a RUB net price', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/update',
      headers: owner.headers,
      payload: {
        id: agreement.id,
        name: 'Fleet',
        validTill: '2030-01-01',
        type: 'com',
        rates: { mKart: [{ product: 'NOAA', rates: { RUB: { net: '12,5', endUser: null }, USD: { net: null, endUser: null } } }] },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toBe('All values should be null or valid number!');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agreement/update',
      headers: owner.headers,
      payload: {
        id: agreement.id,
        name: 'Fleet renamed',
        validTill: '2031-12-31',
        type: 'svc',
        rates: {
          dKart: [
            { product: 'Primar', rates: { RUB: { net: '0.10', endUser: 0.2 }, USD: { net: '', endUser: '0.05' } } },
            { product: 'NHO', rates: { RUB: { net: '', endUser: '9' }, USD: { net: '1', endUser: '2' } } },
          ],
          Vega: [],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fleet renamed', validTill: '2031-12-31', type: 'svc' });
    expect(res.json().rates).toEqual({
      dKart: [{ product: 'Primar', rates: { RUB: { net: '0.10', endUser: '0.20' }, USD: { net: null, endUser: '0.05' } } }],
    });
    const read = (await t.app.inject({ method: 'GET', url: `/api/agreement?id=${agreement.id}`, headers: owner.headers })).json();
    expect(read.rates).toEqual(res.json().rates);
    expect(testRates.mKart).toHaveLength(3);
  });

  it('sets the agreement limit and user limits (empty = no limit) and keeps them to the owner', async () => {
    const { owner, agreement } = await setUpDesk(t);
    const ship = await addShip(t, agreement.id);
    const set = (url: string, payload: object, headers = owner.headers) => t.app.inject({ method: 'POST', url, headers, payload });
    const a = await set('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: '1500.5' });
    expect(a.json().agreementLimit).toBe('1500.50');
    expect((await set('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: '' })).json().agreementLimit).toBeNull();
    const bad = await set('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: '-5' });
    expect(bad.statusCode).toBe(400);
    const u = await set('/api/agreement/set-user-limit', { agreementId: agreement.id, userId: ship.user.id, limit: 250 });
    expect(u.json().usersLimits).toEqual([
      { id: expect.any(Number), userId: ship.user.id, email: ship.user.email, limit: '250.00', spent: '0.00' },
    ]);
    const stranger = await t.loginAs('user');
    expect((await set('/api/agreement/set-user-limit', { agreementId: agreement.id, userId: stranger.id, limit: 5 })).statusCode).toBe(404);
    const rival = await setUpDesk(t);
    expect(
      (await set('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: '1' }, rival.owner.headers)).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/agreement/limits?agreementId=${agreement.id}`, headers: rival.owner.headers }))
        .statusCode,
    ).toBe(404);
    const limits = (
      await t.app.inject({ method: 'GET', url: `/api/agreement/limits?agreementId=${agreement.id}`, headers: owner.headers })
    ).json();
    expect(limits).toEqual({ agreementLimit: null, usersLimits: [expect.objectContaining({ limit: '250.00' })] });
  });

  it('lists ledger rows by agreement, user and installation to the owner and the supervisor only', async () => {
    const { owner, agreement, distributor } = await setUpDesk(t);
    const supervisor = await t.loginAs('user');
    await t.app.inject({
      method: 'POST',
      url: '/api/agreement/update',
      headers: owner.headers,
      payload: { id: agreement.id, name: 'Fleet', validTill: '2030-01-01', type: 'com', rates: testRates },
    });
    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    const a = await addShip(t, agreement.id);
    const b = await addShip(t, agreement.id);
    await placeOrder(t, a.user, { installationId: a.installation.id, paymentMethod: 'agreement', items: [{ product: 'NHO', months: 2 }] });
    await placeOrder(t, b.user, { installationId: b.installation.id, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 1 }] });
    const query = (payload: object, headers = owner.headers) =>
      t.app.inject({ method: 'POST', url: '/api/agreement/transactions-query', headers, payload });
    const all = (await query({ agreementId: agreement.id })).json().transactions;
    expect(all.map((r: { amount: string; balance: string }) => [r.amount, r.balance])).toEqual([
      ['-10.00', '-61.00'],
      ['-51.00', '-51.00'],
    ]);
    expect(all[1]).toMatchObject({
      agreementId: agreement.id,
      userId: a.user.id,
      installationId: a.installation.id,
      type: 'charge',
      agreementLimit: null,
      userLimit: null,
    });
    expect((await query({ agreementId: agreement.id, userId: b.user.id })).json().transactions).toHaveLength(1);
    expect((await query({ agreementId: agreement.id, instId: a.installation.id })).json().transactions[0].amount).toBe('-51.00');
    expect((await query({ agreementId: agreement.id }, supervisor.headers)).json().transactions).toHaveLength(2);
    const rival = await seedDistributor(t.database.db, { mainUserId: (await t.loginAs('distributor2')).id, title: 'Rival' });
    expect(rival.id).toBeGreaterThan(distributor.id);
    expect((await query({ agreementId: agreement.id }, a.user.headers)).statusCode).toBe(404);
    expect((await query({}, a.user.headers)).json().transactions).toEqual([]);
  });

  it("lets the supervisor read the agreement's users and limits, and change none of them", async () => {
    const { owner, agreement } = await setUpDesk(t, { agreementLimit: '900.00' });
    const supervisor = await t.loginAs('user');
    const ship = await addShip(t, agreement.id, { userLimit: '120.00' });
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const usersUrl = `/api/agreement/agreement-users?agreementId=${agreement.id}`;
    const limitsUrl = `/api/agreement/limits?agreementId=${agreement.id}`;
    // Before being named supervisor: nothing to see.
    expect((await get(usersUrl, supervisor.headers)).statusCode).toBe(404);
    expect((await get(limitsUrl, supervisor.headers)).statusCode).toBe(404);

    await t.database.db.update(agreements).set({ supervisorId: supervisor.id }).where(eq(agreements.id, agreement.id));
    // The supervisor's list holds this agreement and no other.
    await setUpDesk(t);
    const list = await t.app.inject({ method: 'POST', url: '/api/agreement/query', headers: supervisor.headers, payload: {} });
    expect(list.json().agreements.map((a: { id: number }) => a.id)).toEqual([agreement.id]);
    const users = await get(usersUrl, supervisor.headers);
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual((await get(usersUrl, owner.headers)).json());
    expect(users.json()).toEqual([expect.objectContaining({ userId: ship.user.id, installationId: ship.installation.id })]);
    const limits = await get(limitsUrl, supervisor.headers);
    expect(limits.json()).toEqual({
      agreementLimit: '900.00',
      usersLimits: [expect.objectContaining({ userId: ship.user.id, limit: '120.00', spent: '0.00' })],
    });

    // Read-only: every change is refused by role (the supervisor holds only the user role)…
    const change = (url: string, payload: object, headers = supervisor.headers) => t.app.inject({ method: 'POST', url, headers, payload });
    expect((await change('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: null })).statusCode).toBe(403);
    expect(
      (await change('/api/agreement/set-user-limit', { agreementId: agreement.id, userId: ship.user.id, limit: null })).statusCode,
    ).toBe(403);
    // …and by ownership when the supervisor also runs a distributor area.
    const supervisingDistributor = await t.loginAs('distributor2');
    await t.database.db.update(agreements).set({ supervisorId: supervisingDistributor.id }).where(eq(agreements.id, agreement.id));
    expect((await get(limitsUrl, supervisingDistributor.headers)).statusCode).toBe(200);
    expect((await get(usersUrl, supervisingDistributor.headers)).statusCode).toBe(200);
    const headers = supervisingDistributor.headers;
    expect((await change('/api/agreement/set-agreement-limit', { agreementId: agreement.id, limit: null }, headers)).statusCode).toBe(404);
    expect(
      (await change('/api/agreement/set-user-limit', { agreementId: agreement.id, userId: ship.user.id, limit: null }, headers)).statusCode,
    ).toBe(404);
    expect(
      (
        await change(
          '/api/agreement/add-user-inst',
          { agreementId: agreement.id, userId: ship.user.id, installationId: ship.installation.id },
          headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/agreement/get-user-for-agreement?email=${encodeURIComponent(ship.user.email)}&agreementId=${agreement.id}`, headers))
        .statusCode,
    ).toBe(404);
    // The former supervisor sees nothing any more.
    expect((await get(limitsUrl, supervisor.headers)).statusCode).toBe(404);
    expect((await get(limitsUrl, owner.headers)).json().agreementLimit).toBe('900.00');
  });
});
