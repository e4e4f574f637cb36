import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../../db/seed/demo.js';
import { seedLicensingDemo } from '../../db/seed/licensing-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('licensing demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: [seedLicensingDemo] });
  });
  afterAll(() => t.close());

  async function login(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: demoPassword } });
    return { authorization: `Bearer ${res.json().token}` };
  }

  it('gives the demo user licences with installations and the demo provider products', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: await login('user@demo.test') })).json();
    expect(profile.licenses).toHaveLength(2);
    expect(profile.licenses[0]).toMatchObject({
      deviceCount: 2,
      installations: [{ deviceId: 'DEMO-TABLET-01' }],
      product: { geoContent: { title: 'Demo Harbour Charts' } },
    });
    const me = (await t.app.inject({ method: 'GET', url: '/providers/me', headers: await login('provider@demo.test') })).json();
    expect(me.geoContents[0].products.map((p: { licType: string }) => p.licType)).toEqual(['com', 'corp', 'free']);
  });

  it('gives the demo distributor a permit in each state and a custom product', async () => {
    const headers = await login('distributor@demo.test');
    const all = (await t.app.inject({ method: 'GET', url: '/api/distributors/GetAllProducts', headers })).json();
    expect(all.map((r: { status: string }) => r.status).sort()).toEqual(['accepted', 'paused', 'pending', 'rejected']);
    const users = (await t.app.inject({ method: 'GET', url: '/api/custom-products/users', headers })).json();
    expect(users.map((u: { email: string }) => u.email)).toEqual(['user@demo.test']);
  });
});
