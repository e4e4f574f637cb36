import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

// The reproductions of issue 10's "bad input never gives a 500", each answered 4xx naming the field.
describe('input limits shared by every call', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<TestApp['loginAs']>> & { gcid: number };
  beforeAll(async () => {
    t = await buildTestApp();
    const who = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: who.id,
      title: 'Limits Office',
      geocontentTitle: 'Limits Charts',
    });
    provider = { ...who, gcid: geocontent.id };
  });
  afterAll(() => t.close());

  it('takes ids up to 2^31-1 and refuses larger ones with 400 naming the id', async () => {
    const tooBig = await t.app.inject({ method: 'GET', url: '/api/geocontent/2147483648', headers: provider.headers });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'validation', details: [expect.objectContaining({ path: 'params.id' })] });
    const largest = await t.app.inject({ method: 'GET', url: '/api/geocontent/2147483647', headers: provider.headers });
    expect(largest.statusCode).toBe(404);
    for (const bad of ['0', '-1', '1.5', 'abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/${bad}`, headers: provider.headers })).statusCode).toBe(400);
    }
  });

  it('refuses a NUL byte or another control character in a text field', async () => {
    const nul = await t.app.inject({
      method: 'GET',
      url: '/api/geocontent/create2?gcTitle=abcde%00&providerTitle=Office',
      headers: provider.headers,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/gcTitle.*control characters/);
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/geocontent/create2?gcTitle=abcde%07fgh&providerTitle=Office',
      headers: provider.headers,
    });
    expect(bell.statusCode).toBe(400);
    const multiLine = await t.app.inject({
      method: 'GET',
      url: `/api/distributors/create?title=${encodeURIComponent('Agency\u0000')}`,
      headers: (await t.loginAs('user')).headers,
    });
    expect(multiLine.statusCode).toBe(400);
  });

  it('has a maximum price', async () => {
    const save = (price: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/providers/AddUpdateProduct',
        headers: provider.headers,
        payload: { gcid: provider.gcid, licType: 'com', price },
      });
    const huge = await save(1e15);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details).toEqual([expect.objectContaining({ path: 'body.price', message: expect.stringMatching(/at most/) })]);
    const highest = await save(1_000_000_000);
    expect(highest.statusCode).toBe(200);
    expect(highest.json().price).toBe(1_000_000_000);
  });
});
