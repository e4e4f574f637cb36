import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitStatus } from '@chartroom/contracts/constants';
import { seedDistributor, seedProvider } from '../../db/seed/factories.js';
import { seedPermit, seedProduct } from '../../db/seed/licensing-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('distributor permits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  async function makeProvider() {
    const who = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: who.id,
      title: `Office ${who.id}`,
      geocontentTitle: `Charts ${who.id}`,
    });
    const com = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'com', price: 30, ais: true });
    const corp = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'corp' });
    const free = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'free' });
    return { ...who, gcid: geocontent.id, com, corp, free };
  }
  async function makeDistributor() {
    const who = await t.loginAs('distributor');
    const distributor = await seedDistributor(t.database.db, { mainUserId: who.id, title: `Agency ${who.id}` });
    return { ...who, distributor };
  }

  it('lets a distributor request a permit once, for enabled com and corp products only', async () => {
    const p = await makeProvider();
    const d = await makeDistributor();
    const all = (await get('/api/distributors/GetAllProducts', d.headers)).json();
    const mine = all.filter((r: { product: { gcid: number } }) => r.product.gcid === p.gcid);
    expect(mine.map((r: { product: { licType: string }; status: string; id: null }) => [r.product.licType, r.status, r.id])).toEqual([
      ['com', 'none', null],
      ['corp', 'none', null],
    ]);
    expect(mine[0].product).toMatchObject({ geoContent: { title: `Charts ${p.id}`, provider: { title: `Office ${p.id}` } }, ais: true });

    const req = await get(`/api/distributors/RequestPermition?gcid=${p.com.id}`, d.headers);
    expect(req.statusCode).toBe(200);
    expect(req.json()).toMatchObject({ status: 'pending', product: { id: p.com.id }, distributor: { title: d.distributor.title } });
    const twice = await get(`/api/distributors/RequestPermition?gcid=${p.com.id}`, d.headers);
    expect(twice.statusCode).toBe(409);
    expect((await get(`/api/distributors/RequestPermition?gcid=${p.free.id}`, d.headers)).statusCode).toBe(404);
    const after = (await get('/api/distributors/GetAllProducts', d.headers)).json();
    expect(after.find((r: { product: { id: number } }) => r.product.id === p.com.id)).toMatchObject({
      status: 'pending',
      id: req.json().id,
    });

    const requests = (await get(`/api/providers/DistribRequests?gcid=${p.gcid}`, p.headers)).json();
    expect(requests).toEqual([
      expect.objectContaining({
        id: req.json().id,
        status: 'pending',
        product: expect.objectContaining({ id: p.com.id }),
        distributor: { id: d.distributor.id, title: d.distributor.title },
      }),
    ]);
  });

  const transitions: [PermitStatus, string, number][] = [
    ['pending', 'accepted', 200],
    ['pending', 'rejected', 200],
    ['pending', 'paused', 409],
    ['accepted', 'paused', 200],
    ['accepted', 'rejected', 200],
    ['accepted', 'accepted', 409],
    ['paused', 'accepted', 200],
    ['paused', 'rejected', 200],
    ['paused', 'paused', 409],
    ['rejected', 'accepted', 409],
    ['rejected', 'paused', 409],
    ['rejected', 'rejected', 409],
  ];
  it.each(transitions)('moves a %s permit to %s with %i', async (from, to, code) => {
    const p = await makeProvider();
    const d = await makeDistributor();
    const permit = await seedPermit(t.database.db, { distributorId: d.distributor.id, productId: p.com.id, status: from });
    const res = await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=${to}`, p.headers);
    expect(res.statusCode).toBe(code);
    const now = (await get(`/api/providers/DistribRequests?gcid=${p.gcid}`, p.headers)).json()[0].status;
    if (code === 200) {
      expect(res.json().status).toBe(to);
      expect(now).toBe(to);
      const audit = (await get(`/api/providers/audit?gcid=${p.gcid}`, p.headers)).json();
      expect(audit[0]).toMatchObject({ action: 'permit.status', subject: expect.objectContaining({ from, to }) });
    } else {
      expect(res.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining(`A ${from} request`) });
      expect(now).toBe(from);
    }
  });

  it('refuses an unknown status with 400', async () => {
    const p = await makeProvider();
    expect((await get(`/api/providers/ChangeDistribRequestStatus?reqid=1&status=pending`, p.headers)).statusCode).toBe(400);
  });

  it('lets a distributor issue only while its permit is accepted', async () => {
    const p = await makeProvider();
    const d = await makeDistributor();
    const issue = (email: string) => get(`/api/distributors/issueLicense?prodid=${p.com.id}&email=${email}&exp=3&devnum=2`, d.headers);

    const none = await issue('a@example.test');
    expect(none.statusCode).toBe(403);
    const permit = (await get(`/api/distributors/RequestPermition?gcid=${p.com.id}`, d.headers)).json();
    expect((await issue('a@example.test')).statusCode).toBe(403);
    expect((await get('/api/distributors/getallowedproducts', d.headers)).json()).toEqual([]);

    await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=accepted`, p.headers);
    const groups = (await get('/api/distributors/getallowedproducts', d.headers)).json();
    expect(groups).toEqual([
      {
        geoContent: { id: p.gcid, title: `Charts ${p.id}`, provider: { title: `Office ${p.id}` } },
        products: [expect.objectContaining({ id: p.com.id, permit: { id: permit.id, status: 'accepted' } })],
      },
    ]);
    const ok = await issue(`buyer-${d.id}@example.test`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ deviceCount: 2, user: { email: `buyer-${d.id}@example.test` }, expirationDate: expect.any(String) });

    await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=paused`, p.headers);
    const paused = await issue('b@example.test');
    expect(paused.statusCode).toBe(403);
    expect(paused.json().message).toMatch(/paused/);
    expect((await get('/api/distributors/getallowedproducts', d.headers)).json()[0].products[0].permit.status).toBe('paused');

    await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=accepted`, p.headers);
    expect((await issue('c@example.test')).statusCode).toBe(200);
    await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=rejected`, p.headers);
    expect((await issue('d@example.test')).statusCode).toBe(403);

    const issued = (await get(`/api/distributors/issuedLicenses?prodid=${p.com.id}`, d.headers)).json();
    expect(issued.map((l: { user: { email: string } }) => l.user.email)).toEqual(['c@example.test', `buyer-${d.id}@example.test`]);
    const providerView = (await get(`/api/providers/getLicenses?gcid=${p.gcid}`, p.headers)).json();
    expect(providerView[0]).toMatchObject({ license: { issuerType: 'distributor', price: 30 }, issuer: { title: d.distributor.title } });
    const actions = (await get(`/api/providers/audit?gcid=${p.gcid}`, p.headers)).json().map((a: { action: string }) => a.action);
    expect(actions.filter((a: string) => a === 'license.issue')).toHaveLength(2);
    expect(actions).toContain('permit.request');

    const [summary] = (await t.app.inject({ method: 'POST', url: '/api/distributors/query', headers: d.headers, payload: {} })).json();
    expect(summary).toMatchObject({
      id: d.distributor.id,
      title: d.distributor.title,
      mainUser: { email: d.email },
      distributorsProducts: [{ id: permit.id, status: 'rejected' }],
    });
  });

  it('keeps providers and distributors to their own requests, permits and licences', async () => {
    const p = await makeProvider();
    const other = await makeProvider();
    const d = await makeDistributor();
    const rival = await makeDistributor();
    const permit = await seedPermit(t.database.db, { distributorId: d.distributor.id, productId: p.com.id, status: 'accepted' });
    await get(`/api/distributors/issueLicense?prodid=${p.com.id}&email=e@example.test`, d.headers);

    expect((await get(`/api/providers/DistribRequests?gcid=${p.gcid}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/providers/ChangeDistribRequestStatus?reqid=${permit.id}&status=paused`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/distributors/issueLicense?prodid=${p.com.id}&email=f@example.test`, rival.headers)).statusCode).toBe(403);
    expect((await get(`/api/distributors/issuedLicenses?prodid=${p.com.id}`, rival.headers)).statusCode).toBe(404);
    expect((await get('/api/distributors/getallowedproducts', rival.headers)).json()).toEqual([]);
    const rivalView = (await get('/api/distributors/GetAllProducts', rival.headers)).json();
    expect(rivalView.find((r: { product: { id: number } }) => r.product.id === p.com.id)).toMatchObject({ status: 'none', id: null });
    const [rivalSummary] = (
      await t.app.inject({ method: 'POST', url: '/api/distributors/query', headers: rival.headers, payload: {} })
    ).json();
    expect(rivalSummary.distributorsProducts).toEqual([]);

    const noDistributor = await t.loginAs('distributor');
    expect((await get('/api/distributors/GetAllProducts', noDistributor.headers)).statusCode).toBe(403);
    const user = await t.loginAs('user');
    expect((await get('/api/distributors/GetAllProducts', user.headers)).statusCode).toBe(403);
  });
});
