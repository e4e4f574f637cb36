import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@chartroom/contracts/constants';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

// Every role-guarded route answers 401 without a valid token and 403 for a wrong role.
const guarded: { method: 'GET' | 'POST' | 'DELETE'; url: string; roles: Role[] }[] = [
  { method: 'GET', url: '/users/getprofile', roles: ['user'] },
  { method: 'POST', url: '/auth/refresh', roles: ['user'] },
  { method: 'GET', url: '/providers/me', roles: ['provider'] },
  { method: 'GET', url: '/api/users/setCurrentGC?gcid=1', roles: ['provider'] },
  { method: 'GET', url: '/api/distributors/me', roles: ['distributor'] },
  { method: 'GET', url: '/api/geocontent/', roles: ['provider'] },
  { method: 'POST', url: '/api/geocontent/addenc', roles: ['provider'] },
  { method: 'GET', url: '/charts/getCollection?gcid=1', roles: ['provider'] },
  { method: 'GET', url: '/api/geocontent/ApplyEnc?guid=00000000-0000-4000-8000-000000000000', roles: ['provider'] },
  { method: 'GET', url: '/api/ntm/GetNtms4GC?gcid=1', roles: ['provider'] },
  { method: 'GET', url: '/api/geocontent/GetRawDepthList?geoContentId=1', roles: ['provider'] },
  { method: 'GET', url: '/api/geocontent/GetPoiList?geoContentId=1', roles: ['provider'] },
  { method: 'POST', url: '/api/providers/AddUpdateProduct', roles: ['provider'] },
  { method: 'GET', url: '/api/providers/getLicenses?gcid=1', roles: ['provider'] },
  { method: 'GET', url: '/api/providers/DistribRequests?gcid=1', roles: ['provider'] },
  { method: 'GET', url: '/api/distributors/GetAllProducts', roles: ['distributor'] },
  { method: 'GET', url: '/api/distributors/issueLicense?email=a@b.test&prodid=1', roles: ['distributor'] },
  { method: 'GET', url: '/api/custom-products/users', roles: ['distributor'] },
  // The distributor area, the order desk and the app's orders.
  { method: 'POST', url: '/api/agreement/create', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/get-user-by-email?email=a@b.test', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/update', roles: ['distributor2'] },
  { method: 'GET', url: '/api/agreement/get-user-for-agreement?email=a@b.test&agreementId=1', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/add-user-inst', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/invite-user', roles: ['distributor2'] },
  { method: 'GET', url: '/api/user/agreement-invitations', roles: ['user'] },
  { method: 'POST', url: '/api/user/agreement-invitations/1/accept', roles: ['user'] },
  { method: 'POST', url: '/api/user/agreement-invitations/1/decline', roles: ['user'] },
  { method: 'POST', url: '/api/agreement/set-user-limit', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/set-agreement-limit', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/top-up', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/adjust', roles: ['distributor2'] },
  { method: 'POST', url: '/api/agreement/order-list', roles: ['distributor2'] },
  { method: 'POST', url: '/api/ordermanager/query', roles: ['order-manager', 'distributor2'] },
  { method: 'GET', url: '/api/agreement/process-order?orderId=1', roles: ['order-manager', 'distributor2'] },
  { method: 'POST', url: '/api/agreement/cancel-order', roles: ['order-manager', 'distributor2'] },
  { method: 'GET', url: '/api/distributors/members', roles: ['distributor'] },
  { method: 'POST', url: '/api/distributors/members', roles: ['distributor'] },
  { method: 'DELETE', url: '/api/distributors/members/1', roles: ['distributor'] },
  // Readable by the supervisor, who may hold only the user role: ownership decides (404), not the role.
  { method: 'POST', url: '/api/agreement/query', roles: ['user'] },
  { method: 'GET', url: '/api/agreement?id=1', roles: ['user'] },
  { method: 'POST', url: '/api/agreement/transactions-query', roles: ['user'] },
  { method: 'GET', url: '/api/agreement/agreement-users?agreementId=1', roles: ['user'] },
  { method: 'GET', url: '/api/agreement/limits?agreementId=1', roles: ['user'] },
  { method: 'POST', url: '/api/app/v1/orders', roles: ['user'] },
  { method: 'POST', url: '/api/agreement/approve-order', roles: ['user'] },
  { method: 'POST', url: '/api/agreement/orders-query', roles: ['user'] },
  { method: 'GET', url: '/api/app/v1/installations', roles: ['user'] },
];

describe('route guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(guarded)('$method $url needs a token', async ({ method, url }) => {
    const none = await t.app.inject({ method, url });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
    const bad = await t.app.inject({ method, url, headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
  });

  it.each(guarded.filter((g) => !g.roles.includes('user')))('$method $url refuses other roles with 403', async ({ method, url, roles }) => {
    for (const role of ['user', 'distributor', 'provider', 'order-manager', 'distributor2', 'reseller'] as Role[]) {
      if (roles.includes(role)) continue;
      const who = await t.loginAs(role);
      const res = await t.app.inject({ method, url, headers: who.headers });
      expect(res.statusCode, `${role} on ${url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('sends unknown API paths a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes an OpenAPI document naming the documented paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/auth/login', '/auth/register', '/users/getprofile', '/api/geocontent/create2', '/api/installation/activate']) {
      expect(paths).toContain(p);
    }
  });
});
