import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDistributor } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('custom products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function makeDistributor() {
    const who = await t.loginAs('distributor');
    await seedDistributor(t.database.db, { mainUserId: who.id, title: `Agency ${who.id}` });
    return who;
  }
  const create = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/custom-products', headers, payload });

  it('creates, lists, trims and deletes custom products of a user', async () => {
    const d = await makeDistributor();
    const email = `captain-${d.id}@example.test`;
    const made = await create(d.headers, {
      email,
      title: 'Gulf set',
      productItems: [
        { type: 'S63ENC', url: 'https://charts.example.org/a.zip' },
        { type: 'S63ENC', url: 'https://charts.example.org/b.zip' },
      ],
    });
    expect(made.statusCode).toBe(201);
    const { user, product } = made.json();
    expect(user).toEqual({ userId: expect.any(Number), email });
    expect(product).toMatchObject({
      title: 'Gulf set',
      issuedAt: expect.any(String),
      expiredAt: expect.any(String),
      productItems: [{ type: 'S63ENC' }, { type: 'S63ENC' }],
    });

    const users = await t.app.inject({ method: 'GET', url: '/api/custom-products/users', headers: d.headers });
    expect(users.json()).toEqual([user]);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/custom-products/search-by-email',
      headers: d.headers,
      payload: { email: 'CAPTAIN' },
    });
    expect(found.json()).toEqual([user]);

    const itemId = product.productItems[0].id;
    const itemDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/custom-products/${product.productId}/items/${itemId}`,
      headers: d.headers,
    });
    expect(itemDel.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: `/api/custom-products/user-products/${user.userId}`, headers: d.headers });
    expect(list.json()).toEqual([
      expect.objectContaining({
        productId: product.productId,
        productItems: [expect.objectContaining({ url: 'https://charts.example.org/b.zip' })],
      }),
    ]);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/custom-products/${product.productId}`, headers: d.headers });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/custom-products/user-products/${user.userId}`, headers: d.headers })).json(),
    ).toEqual([]);
  });

  it('needs an e-mail, a title and a url', async () => {
    const d = await makeDistributor();
    expect(
      (await create(d.headers, { email: 'x@example.test', title: '', productItems: [{ type: 'S63ENC', url: 'https://e.org/x' }] }))
        .statusCode,
    ).toBe(400);
    expect((await create(d.headers, { email: 'x@example.test', title: 'T', productItems: [{ type: 'S63ENC', url: '' }] })).statusCode).toBe(
      400,
    );
    expect(
      (await create(d.headers, { email: '', title: 'T', productItems: [{ type: 'S63ENC', url: 'https://e.org/x' }] })).statusCode,
    ).toBe(400);
    expect(
      (await create(d.headers, { email: 'x@example.test', title: 'T', productItems: [{ type: 'ZIP', url: 'https://e.org/x' }] }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps each distributor to its own custom products', async () => {
    const a = await makeDistributor();
    const b = await makeDistributor();
    const { user, product } = (
      await create(a.headers, {
        email: `shared-${a.id}@example.test`,
        title: 'A set',
        productItems: [{ type: 'S63ENC', url: 'https://e.org/a' }],
      })
    ).json();
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-products/users', headers: b.headers })).json()).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/custom-products/user-products/${user.userId}`, headers: b.headers })).json(),
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/custom-products/search-by-email',
          headers: b.headers,
          payload: { email: 'shared' },
        })
      ).json(),
    ).toEqual([]);
    // A user id that names no account at all is a 404, not an empty list.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/custom-products/user-products/2147483647', headers: b.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/custom-products/${product.productId}`, headers: b.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/custom-products/${product.productId}/items/${product.productItems[0].id}`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(404);
    const user2 = await t.loginAs('user');
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-products/users', headers: user2.headers })).statusCode).toBe(403);
  });

  it('answers 404 for a user id of no account, and 400 for one out of range', async () => {
    const d = await makeDistributor();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/custom-products/user-products/2147483647', headers: d.headers });
    expect(unknown.statusCode).toBe(404);
    const tooBig = await t.app.inject({ method: 'GET', url: '/api/custom-products/user-products/2147483648', headers: d.headers });
    expect(tooBig.statusCode).toBe(400);
  });

  it('takes only http and https links', async () => {
    const d = await makeDistributor();
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'ftp://e.org/x']) {
      const res = await create(d.headers, { email: 'links@example.test', title: 'T', productItems: [{ type: 'S63ENC', url }] });
      expect(res.statusCode).toBe(400);
    }
    const nul = await create(d.headers, {
      email: 'links@example.test',
      title: 'T\u0000',
      productItems: [{ type: 'S63ENC', url: 'https://e.org/x' }],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0].message).toMatch(/control characters/);
    expect(
      (await create(d.headers, { email: 'links@example.test', title: 'T', productItems: [{ type: 'S63ENC', url: 'http://e.org/x' }] }))
        .statusCode,
    ).toBe(201);
  });
});
