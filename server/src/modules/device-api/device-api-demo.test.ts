import { createUserPermit } from '@chartroom/s100';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';
import { unzipResponse, userPermitFor } from './device-api.test-helper.js';

describe('device API on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
  });
  afterAll(() => t.close());

  it('takes user@demo.test from an activation code to the demo harbour cell in three calls with the test-kit manufacturer key', async () => {
    const demo = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    const headers = { authorization: `Bearer ${t.app.signToken(demo)}` };
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/api/installation/activate',
        headers,
        payload: { deviceId: 'MY-SHIP', applicationTypeId: 101, platformId: 1 },
      })
    ).json().id;

    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId: 'MY-SHIP', platformId: 1, applicationTypeId: 101, userPermit: '66B5CBFDF7E4139D5B6086C23130' },
    });
    expect(redeemed.statusCode).toBe(200);
    expect(userPermitFor('12345')).toBe('66B5CBFDF7E4139D5B6086C23130');
    expect(redeemed.json().installationIds).toHaveLength(2);
    const device = { authorization: `Bearer ${redeemed.json().token}` };
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: { ...device, accept: 'application/zip' },
      payload: { productVersions: [] },
    });
    expect(set.statusCode).toBe(200);
    expect(Object.keys(unzipResponse(set.rawPayload))).toContain('V01X01/ENC_ROOT/XX/XX5DEMO1/1/0/XX5DEMO1.000');

    // The same device gives its S-100 user permit (the demo application's S-100 manufacturer CR0101) and gets the S-101 demo dataset.
    const s100UserPermit = createUserPermit({
      hwId: '0F1E2D3C4B5A69788796A5B4C3D2E1F0',
      mKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5',
      mId: 'CR0101',
    });
    expect(s100UserPermit).toBe('AC3EE1AE50C12C9F370E0D3A5F3888375500515ACR0101');
    const added = await t.app.inject({ method: 'POST', url: '/api/app/v1/s100/user-permit', headers: device, payload: { s100UserPermit } });
    expect(added.statusCode, added.body).toBe(200);
    const entitled = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: device })).json();
    expect(entitled.s100Datasets).toEqual([expect.objectContaining({ product: 'S-101', name: '101XX00DEMO01', edition: 1, update: 1 })]);
    const s100Set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/exchange-sets',
      headers: { ...device, accept: 'application/zip' },
      payload: { productNames: ['101XX00DEMO01'] },
    });
    expect(s100Set.statusCode).toBe(200);
    expect(Object.keys(unzipResponse(s100Set.rawPayload))).toEqual(
      expect.arrayContaining(['PERMIT.XML', 'S100_ROOT/CATALOG.XML', 'S100_ROOT/S-101/DATASET_FILES/101XX00DEMO01.001']),
    );

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['device.exchange-set', 'device.download']));

    const agent = (await findUserByEmail(t.database.db, 'distributor@demo.test'))!;
    const hooks = await t.app.inject({
      method: 'GET',
      url: '/api/distributor/webhooks',
      headers: { authorization: `Bearer ${t.app.signToken(agent)}` },
    });
    expect(hooks.json()).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/chart-updates' })]);
    // Without WEBHOOK_ALLOW_PRIVATE the portal refuses to call into private networks.
    for (const url of ['http://127.0.0.1:8080/admin', 'http://[::1]/x', 'http://10.1.2.3/hook', 'http://localhost/hook']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/distributor/webhooks',
        headers: { authorization: `Bearer ${t.app.signToken(agent)}` },
        payload: { url },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().details[0]).toMatchObject({ path: 'body.url', message: expect.stringMatching(/not a public address/) });
    }
  });

  it('documents every device call in the OpenAPI page, with an example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = [
      ['post', '/api/app/v1/activations/{code}/redeem'],
      ['get', '/api/app/v1/entitlements'],
      ['post', '/api/app/v1/exchange-sets'],
      ['get', '/api/app/v1/exchange-sets/{id}'],
      ['get', '/api/app/v1/license-file'],
      ['get', '/api/app/v1/keys'],
      ['get', '/api/app/v1/updates'],
      ['post', '/api/app/v1/swap'],
      ['post', '/api/licenses/{id}/installations/{installationId}/swap'],
      ['post', '/api/distributor/webhooks'],
      ['post', '/api/app/v1/s100/user-permit'],
      ['post', '/api/app/v1/s100/exchange-sets'],
      ['get', '/api/app/v1/s100/scheme-administrator'],
    ] as const;
    for (const [method, path] of calls)
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toMatch(/Example|Body|body|Range/);
  });

  it('redeems codes of dKart Navigator (102) and dKart Fishing (105) with their demo manufacturer keys', async () => {
    const demo = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    const headers = { authorization: `Bearer ${t.app.signToken(demo)}` };
    for (const [applicationTypeId, mId, mKey] of [
      [102, '12', 'A1B2C'],
      [105, '15', '5E5E5'],
    ] as const) {
      const deviceId = `DEMO-${applicationTypeId}`;
      const code = (
        await t.app.inject({
          method: 'POST',
          url: '/api/installation/activate',
          headers,
          payload: { deviceId, applicationTypeId, platformId: 3 },
        })
      ).json().id;
      const redeemed = await t.app.inject({
        method: 'POST',
        url: `/api/app/v1/activations/${code}/redeem`,
        payload: { deviceId, platformId: 3, applicationTypeId, userPermit: userPermitFor('54321', { mId, mKey }) },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(redeemed.json()).toMatchObject({ hwId: '54321', deviceId });
    }
  });
});
