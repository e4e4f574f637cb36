import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { makePdf } from '../../db/seed/catalog-data-files.js';
import { seedProvider } from '../../db/seed/factories.js';
import { setUpDesk } from '../orders/orders.test-helper.js';

/** An address of `length` characters that is otherwise well formed. */
const longEmail = (length: number) => `${'a'.repeat(60)}@${'b'.repeat(length - 60 - 1 - 5)}.test`;

// What a person types wrongly is refused with the rule it breaks (code and params), so the web can
// say what to change, not something else.
describe('input limits and the rule each refusal names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses an e-mail longer than 254 characters at registration and for a licence, and takes one of 254', async () => {
    expect(longEmail(255)).toHaveLength(255);
    const register = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: longEmail(306) } });
    expect(register.statusCode).toBe(400);
    expect(register.json().details).toEqual([
      expect.objectContaining({ path: 'body.email', code: 'too_big', params: expect.objectContaining({ maximum: 254 }) }),
    ]);

    const provider = await t.loginAs('provider');
    await seedProvider(t.database.db, { ownerUserId: provider.id, title: 'Limits Office', geocontentTitle: 'Limits Charts' });
    const issue = (email: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/providers/addpermit?prodid=1&email=${encodeURIComponent(email)}`,
        headers: provider.headers,
      });
    const tooLong = await issue(longEmail(255));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0]).toMatchObject({ path: 'querystring.email', code: 'too_big', params: { maximum: 254 } });
    // 254 characters pass the schema (the product is not the caller's: 404, not 400).
    expect((await issue(longEmail(254))).statusCode).not.toBe(400);
  });

  it('refuses a new agreement valid till a past day, a name over 200 characters, and says which rate rule fails', async () => {
    const { owner, distributor, agreement } = await setUpDesk(t);
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agreement/create',
        headers: owner.headers,
        payload: { distributorId: distributor.id, ...payload },
      });

    const past = await create({ name: 'Old fleet', validTill: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([
      expect.objectContaining({ path: 'body.validTill', code: 'custom', params: { reason: 'past_date' } }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await create({ name: 'Today fleet', validTill: today })).statusCode).toBe(200);

    const longName = await create({ name: 'N'.repeat(500), validTill: '2030-01-01' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().details[0]).toMatchObject({ path: 'body.name', code: 'too_big', params: { maximum: 200 } });

    const withRate = (net: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agreement/update',
        headers: owner.headers,
        payload: {
          id: agreement.id,
          name: 'Fleet',
          validTill: '2030-01-01',
          type: 'com',
          rates: { mKart: [{ product: 'NOAA', rates: { RUB: { net, endUser: null }, USD: { net: null, endUser: null } } }] },
        },
      });
    const negative = await withRate('-100');
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details[0]).toMatchObject({ code: 'too_small', params: { minimum: 0 } });
    const huge = await withRate('99999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0]).toMatchObject({ code: 'too_big', params: { maximum: 9_999_999_999.99 } });
    const decimals = await withRate('1.234');
    expect(decimals.json().details[0]).toMatchObject({ code: 'custom', params: { reason: 'decimals' } });
    const words = await withRate('twelve');
    expect(words.json().details[0]).toMatchObject({ code: 'custom', message: 'All values should be null or valid number!' });
    expect((await withRate('9999999999.99')).statusCode).toBe(200);
  });

  it('refuses a product price past the largest one, naming the bound', async () => {
    const provider = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: provider.id,
      title: 'Price Office',
      geocontentTitle: 'Price Charts',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/providers/AddUpdateProduct',
      headers: provider.headers,
      payload: { gcid: geocontent.id, licType: 'com', price: 99999999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ path: 'body.price', code: 'too_big', params: { maximum: 1_000_000_000 } });
  });

  it('refuses an NTM description over 1000 characters, naming the limit', async () => {
    const provider = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: provider.id,
      title: 'NTM Office',
      geocontentTitle: 'NTM Charts',
    });
    const send = (description: string) => {
      const form = new FormData();
      form.append('gcid', String(geocontent.id));
      form.append('description', description);
      form.append('file', new Blob([makePdf(['NTM 1/2026'])], { type: 'application/pdf' }), 'ntm.pdf');
      return t.app.inject({ method: 'POST', url: '/api/ntm', headers: provider.headers, payload: form });
    };
    const long = await send('d'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toMatchObject({ path: 'body.description', code: 'too_big', params: { maximum: 1000 } });
    expect((await send('d'.repeat(1000))).statusCode).toBe(200);
    expect(await t.app.blobs.list('ntm')).toHaveLength(1);
  });
});
