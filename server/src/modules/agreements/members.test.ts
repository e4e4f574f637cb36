import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { setUpDesk } from '../orders/orders.test-helper.js';

// Who works in a distributor: its registration's roles, and the order managers it adds by e-mail.
describe('distributor members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('grants distributor, distributor2 and order-manager on distributor registration', async () => {
    const who = await t.loginAs('user');
    const res = await t.app.inject({ method: 'GET', url: '/api/distributors/create?title=Harbour%20Agency', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: who.email, password: 'test-password' } });
    expect(profile.json().roles.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['distributor', 'distributor2', 'order-manager']),
    );
  });

  it('lets a distributor add and remove order managers by e-mail', async () => {
    const { owner } = await setUpDesk(t);
    const mate = await t.loginAs('user');
    const add = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/distributors/members', headers: owner.headers, payload: { email } });
    expect((await add('ghost@example.test')).json()).toMatchObject({ code: 'no_such_user' });
    const added = await add(mate.email);
    expect(added.json()).toEqual([{ userId: mate.id, email: mate.email, createdAt: expect.any(String) }]);
    expect((await add(mate.email)).statusCode).toBe(409);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: mate.email, password: 'test-password' } });
    expect(login.json().roles.map((r: { name: string }) => r.name)).toContain('order-manager');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/distributors/members/${mate.id}`, headers: owner.headers });
    expect(removed.json()).toEqual([]);
    const after = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: mate.email, password: 'test-password' } });
    expect(after.json().roles.map((r: { name: string }) => r.name)).not.toContain('order-manager');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/distributors/members/${mate.id}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
  });
});
