import { createUserPermit } from '@chartroom/s100';
import { buildDemoS101Dataset, buildDemoS101Update, DEMO_S101_NAME } from '@chartroom/s101';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { createActivation, seedApplications } from '../device-api/device-api.test-helper.js';
import { demoDeviceApplication } from '../device-api/device-apps.seed.js';

// My charts with S-100 datasets (issue 37, decision 0024): a licence covers the geocontent's S-101
// dataset as it covers its cells, and a complete download of an S-100 exchange set moves its status.

const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';

describe('my charts: S-100 datasets', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof loginProvider>>;
  let user: Awaited<ReturnType<TestApp['loginAs']>>;
  let headers: Record<string, string>;
  let installationId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    provider = await loginProvider(t, 'S-100 Office');
    const up = await postFiles(t, '/api/geocontent/adds100', provider.headers, [
      { name: 'files', filename: `${DEMO_S101_NAME}.000`, data: buildDemoS101Dataset() },
      { name: 'files', filename: `${DEMO_S101_NAME}.001`, data: buildDemoS101Update(1) },
      { name: 'gcid', value: String(provider.gcId) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const product = await seedProduct(t.database.db, { geocontentId: provider.gcId, licType: 'com', price: 10 });
    user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId: product.id, userId: user.id, deviceCount: 1, months: 12 });
    const code = await createActivation(t, 'SHIP-S100', user.headers);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: {
        deviceId: 'SHIP-S100',
        platformId: 1,
        applicationTypeId: 101,
        s100UserPermit: createUserPermit({ hwId: HW_ID, mKey: demoDeviceApplication.s100MKey, mId: demoDeviceApplication.s100MId }),
      },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    headers = { authorization: `Bearer ${redeemed.json().token as string}` };
    installationId = redeemed.json().installationId as number;
  });
  afterAll(() => t.close());

  const dataset = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/charts', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return (
      res.json() as { cells: { product: string; name: string; edition: number; update: number; status: Record<string, string> }[] }
    ).cells.find((c) => c.name === DEMO_S101_NAME);
  };
  const s100Set = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app/v1/s100/exchange-sets', headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; size: number };
  };

  it('lists the licensed S-101 dataset and moves its status as the device downloads a set, the provider updates it, the device downloads the update', async () => {
    expect(await dataset()).toMatchObject({ product: 'S-101', edition: 1, update: 1, status: { [installationId]: 'not-on-board' } });

    // Built, then downloaded only in part: nothing on board yet.
    const full = await s100Set({ productNames: [DEMO_S101_NAME] });
    const part = await t.app.inject({ method: 'GET', url: full.url, headers: { ...headers, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    await new Promise((r) => setTimeout(r, 50));
    expect((await dataset())!.status[installationId]).toBe('not-on-board');
    expect((await t.app.inject({ method: 'GET', url: full.url, headers })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await dataset())!.status[installationId]).toBe('current'));

    const up = await postFiles(t, '/api/geocontent/adds100', provider.headers, [
      { name: 'files', filename: `${DEMO_S101_NAME}.002`, data: buildDemoS101Update(2) },
      { name: 'gcid', value: String(provider.gcId) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    expect(await dataset()).toMatchObject({ update: 2, status: { [installationId]: 'update-available' } });

    // The update alone, asked for as the file itself (Accept: application/zip).
    const delta = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/exchange-sets',
      headers: { ...headers, accept: 'application/zip' },
      payload: { productVersions: [{ productName: DEMO_S101_NAME, editionNumber: 1, updateNumber: 1 }] },
    });
    expect(delta.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await dataset())!.status[installationId]).toBe('current'));
  });

  it("names the dataset in the device's status report", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/devices/${installationId}/status-report?format=csv`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\r\n').find((l) => l.startsWith(`${DEMO_S101_NAME},`));
    expect(row?.split(',')).toEqual([DEMO_S101_NAME, '1', '2', expect.any(String), '1', '2', expect.any(String), 'Up to date']);
  });
});
