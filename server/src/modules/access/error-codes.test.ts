import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

// Issue 16: a failure says what went wrong as a code with values, so the web can word it in the
// reader's language; the English `message` stays for API users.
describe('error codes and parameters on the wire', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<TestApp['loginAs']>> & { gcid: number };
  beforeAll(async () => {
    t = await buildTestApp();
    const who = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: who.id,
      title: 'Codes Office',
      geocontentTitle: 'Codes Charts',
    });
    provider = { ...who, gcid: geocontent.id };
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: provider.headers });
  const saveProduct = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/providers/AddUpdateProduct', headers: provider.headers, payload });

  it('gives each field issue its zod code and bounds beside the English message', async () => {
    const res = await get('/api/providers/addpermit?email=captain@&prodid=1&exp=0');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'validation', message: expect.any(String) });
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'querystring.email',
          code: 'invalid_format',
          params: expect.objectContaining({ format: 'email' }),
        }),
        expect.objectContaining({ path: 'querystring.exp', code: 'too_small', params: expect.objectContaining({ minimum: 1 }) }),
      ]),
    );
  });

  it('names what was not found, and refuses a disabled product with its own code', async () => {
    const missing = await get(`/api/providers/addpermit?email=captain@example.test&prodid=2147483000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found', params: { thing: 'product' }, message: 'Product not found' });

    const created = await saveProduct({ gcid: provider.gcid, licType: 'com', price: 10 });
    expect(created.statusCode).toBe(200);
    const disabled = await saveProduct({ id: created.json().id, gcid: provider.gcid, licType: 'com', price: 10, isEnabled: false });
    expect(disabled.statusCode).toBe(200);
    const issue = await get(`/api/providers/addpermit?email=captain@example.test&prodid=${created.json().id}`);
    expect(issue.statusCode).toBe(409);
    expect(issue.json()).toMatchObject({ code: 'product_disabled', message: expect.stringMatching(/disabled/) });
  });
});
