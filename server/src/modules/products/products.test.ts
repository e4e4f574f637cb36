import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

async function makeProvider(t: TestApp) {
  const who = await t.loginAs('provider');
  const { geocontent, provider } = await seedProvider(t.database.db, {
    ownerUserId: who.id,
    title: `Office ${who.id}`,
    geocontentTitle: `Charts ${who.id}`,
  });
  return { ...who, gcid: geocontent.id, provider };
}

describe('provider products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const save = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/providers/AddUpdateProduct', headers, payload });

  it('walks the product states: create → update → disable → enable, refusing the others', async () => {
    const p = await makeProvider(t);
    const refusedCreate = await save(p.headers, { gcid: p.gcid, licType: 'com', isEnabled: false, price: 10 });
    expect(refusedCreate.statusCode).toBe(409);

    const created = await save(p.headers, { gcid: p.gcid, licType: 'com', price: 120.5, enc: false, ais: true });
    expect(created.statusCode).toBe(200);
    const product = created.json();
    expect(product).toMatchObject({
      licType: 'com',
      isEnabled: true,
      price: 120.5,
      enc: true,
      ais: true,
      s102: false,
      gcid: p.gcid,
      geoContentId: p.gcid,
    });

    const updated = await save(p.headers, { id: product.id, gcid: p.gcid, licType: 'com', price: 99.99, ntm: true });
    expect(updated.json()).toMatchObject({ id: product.id, price: 99.99, ntm: true, ais: false, isEnabled: true });

    const disabled = await save(p.headers, { id: product.id, gcid: p.gcid, licType: 'com', price: 99.99, isEnabled: false });
    expect(disabled.json()).toMatchObject({ id: product.id, isEnabled: false, price: 99.99, ntm: true });

    const changeWhileDisabled = await save(p.headers, { id: product.id, gcid: p.gcid, licType: 'com', price: 5, isEnabled: false });
    expect(changeWhileDisabled.statusCode).toBe(409);
    expect(changeWhileDisabled.json().message).toMatch(/disabled/);

    const enabled = await save(p.headers, { id: product.id, gcid: p.gcid, licType: 'com', price: 101, isEnabled: true });
    expect(enabled.json()).toMatchObject({ id: product.id, isEnabled: true, price: 101 });

    const me = await t.app.inject({ method: 'GET', url: '/providers/me', headers: p.headers });
    expect(me.json().geoContents[0].products).toEqual([
      expect.objectContaining({ id: product.id, licType: 'com', isEnabled: true, price: 101, enc: true }),
    ]);
  });

  it('needs a positive com price with two decimals, and keeps no price for corp and free', async () => {
    const p = await makeProvider(t);
    for (const price of [undefined, null, -5, 0, 10.123]) {
      const res = await save(p.headers, { gcid: p.gcid, licType: 'com', price });
      expect(res.statusCode, `price ${price}`).toBe(400);
      expect(res.json().details.some((d: { path: string }) => d.path.includes('price'))).toBe(true);
    }
    const corp = await save(p.headers, { gcid: p.gcid, licType: 'corp', price: 50, poi: true });
    expect(corp.json()).toMatchObject({ licType: 'corp', price: null, poi: true, enc: true });
    const free = await save(p.headers, { gcid: p.gcid, licType: 'free' });
    expect(free.json()).toMatchObject({ licType: 'free', price: null });
    const individual = await save(p.headers, { gcid: p.gcid, licType: 'individual', price: 30, ntm: true });
    expect(individual.statusCode).toBe(200);
    expect(individual.json()).toMatchObject({ licType: 'individual', price: null, ntm: true, enc: true, isEnabled: true });
    const unknown = await save(p.headers, { gcid: p.gcid, licType: 'gift' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.some((d: { path: string }) => d.path.includes('licType'))).toBe(true);
  });

  it('issues licences for an individual product as for corp, and still refuses free ones (spec §9 licence types)', async () => {
    const p = await makeProvider(t);
    const individual = (await save(p.headers, { gcid: p.gcid, licType: 'individual' })).json();
    const free = (await save(p.headers, { gcid: p.gcid, licType: 'free' })).json();
    const issue = (prodid: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/providers/addpermit?email=solo@example.test&prodid=${prodid}&exp=12&devnum=1`,
        headers: p.headers,
      });
    const issued = await issue(individual.id);
    expect(issued.statusCode).toBe(200);
    const licences = await t.app.inject({ method: 'GET', url: `/api/providers/getLicenses?gcid=${p.gcid}`, headers: p.headers });
    expect(JSON.stringify(licences.json())).toContain('solo@example.test');
    const refused = await issue(free.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('product_not_licensable');
  });

  it("answers 404 for another provider's geocontent or product id", async () => {
    const a = await makeProvider(t);
    const b = await makeProvider(t);
    const own = (await save(a.headers, { gcid: a.gcid, licType: 'corp' })).json();
    const res = await save(b.headers, { gcid: a.gcid, licType: 'com', price: 10 });
    expect(res.statusCode).toBe(404);
    const byId = await save(b.headers, { id: own.id, gcid: b.gcid, licType: 'corp' });
    expect(byId.statusCode).toBe(404);
    const me = await t.app.inject({ method: 'GET', url: '/providers/me', headers: b.headers });
    expect(me.json().geoContents[0].products).toEqual([]);
  });

  it('writes product actions to the audit log the provider reads', async () => {
    const p = await makeProvider(t);
    const other = await makeProvider(t);
    await save(p.headers, { gcid: p.gcid, licType: 'corp' });
    const audit = await t.app.inject({ method: 'GET', url: `/api/providers/audit?gcid=${p.gcid}`, headers: p.headers });
    expect(audit.json()[0]).toMatchObject({ action: 'product.create', actor: { email: p.email }, ip: expect.any(String) });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/providers/audit?gcid=${p.gcid}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
  });
});
