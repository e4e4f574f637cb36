import { createUserPermit as createS100UserPermit } from '@chartroom/s100';
import { createUserPermit } from '@chartroom/s63';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { auditLog, deviceApplications } from '../../db/schema/index.js';
import { seedLicense } from '../../db/seed/licensing-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { seedChartsProduct } from '../device-api/device-api.test-helper.js';
import { demoDeviceApplications, seedDeviceApplication } from '../device-api/device-apps.seed.js';

const url = '/api/admin/application-types';
const s100Key = (n: string) => n.repeat(32).slice(0, 32);
const harbourPilot = {
  id: 110,
  name: 'Harbour Pilot',
  platforms: [3, 4],
  s63: { mId: 'HP', mKey: '1A2B3' },
  s100: { mId: 'HP0110', mKey: s100Key('AB12') },
};

describe('application types: registered by the admin, read by redeem', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const box = createSecretBox(t.app.config.dataKey);
    for (const app of demoDeviceApplications) await seedDeviceApplication(t.database.db, box, app);
    admin = await t.loginAs('admin');
    ({ productId } = await seedChartsProduct(t, 1));
  });
  afterAll(() => t.close());

  const activate = async (headers: Record<string, string>, deviceId: string, applicationTypeId: number, platformId = 3) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/installation/activate',
      headers,
      payload: { deviceId, applicationTypeId, platformId, durationMonths: 12 },
    });
    return res;
  };
  const redeem = (code: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/app/v1/activations/${code}/redeem`, payload });
  /** A user with a licence for 3 devices and a redeemed device of `applicationTypeId`. */
  const redeemDevice = async (
    user: Awaited<ReturnType<TestApp['loginAs']>>,
    deviceId: string,
    applicationTypeId: number,
    permits: { userPermit?: string; s100UserPermit?: string },
  ) => {
    const activation = await activate(user.headers, deviceId, applicationTypeId);
    expect(activation.statusCode, activation.body).toBe(200);
    return redeem(activation.json().id, { deviceId, platformId: 3, applicationTypeId, ...permits });
  };
  const exchangeSet = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: { authorization: `Bearer ${token}` },
      payload: { productVersions: [] },
    });

  it('carries over the types that were code (101, 102, 105) and answers only the admin', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const user = await t.loginAs('user');
    const asUser = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(asUser.statusCode).toBe(403);
    for (const [method, path] of [
      ['POST', url],
      ['PATCH', `${url}/101`],
      ['POST', `${url}/101/keys`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: user.headers,
        payload: { name: 'Mine', s63: { mId: 'ZZ', mKey: '00000' } },
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }

    const list = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number; name: string }) => [a.id, a.name])).toEqual([
      [101, 'mKart ECDIS'],
      [102, 'dKart Navigator'],
      [105, 'dKart Fishing'],
    ]);
    expect(list.json()[1]).toMatchObject({ enabled: true, s63: { mId: '12', version: 1 }, s100: { mId: 'CR0102', version: 1 } });
    // The M_KEYs are in no answer.
    for (const app of demoDeviceApplications) {
      expect(list.body).not.toContain(app.mKey);
      expect(list.body).not.toContain(app.s100MKey);
    }
    const open = await t.app.inject({ method: 'GET', url: '/api/application-types' });
    expect(open.json()).toEqual([
      { id: 101, name: 'mKart ECDIS', platforms: [1, 2, 3, 4] },
      { id: 102, name: 'dKart Navigator', platforms: [1, 2, 3, 4] },
      { id: 105, name: 'dKart Fishing', platforms: [1, 2, 3, 4] },
    ]);
  });

  it('redeems codes of 102 and 105 with user permits made from their own M_KEY', async () => {
    const user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 3 });
    for (const app of demoDeviceApplications.slice(1)) {
      const deviceId = `APP-${app.applicationTypeId}`;
      const wrong = await redeemDevice(user, deviceId, app.applicationTypeId, {
        userPermit: createUserPermit({ hwId: '1A2B3', mKey: demoDeviceApplications[0].mKey, mId: demoDeviceApplications[0].mId }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details).toEqual([expect.objectContaining({ path: 'body.userPermit' })]);

      const res = await redeemDevice(user, deviceId, app.applicationTypeId, {
        userPermit: createUserPermit({ hwId: '1A2B3', mKey: app.mKey, mId: app.mId }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ hwId: '1A2B3', deviceId });
      const set = await exchangeSet(res.json().token);
      expect(set.statusCode, set.body).toBe(201);
      expect(set.json().cells).toEqual([expect.objectContaining({ name: 'XX5DEMO1' })]);
    }
  });

  it('registers, changes and switches off a type; keys are sealed, never answered nor audited', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { ...harbourPilot, s63: { mId: 'HP', mKey: 'XYZ' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'body.s63.mKey' })]);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { ...harbourPilot, id: 42 } })).json().details,
    ).toEqual([expect.objectContaining({ path: 'body.id' })]);

    const created = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: harbourPilot });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      id: 110,
      name: 'Harbour Pilot',
      platforms: [3, 4],
      enabled: true,
      s63: { mId: 'HP', version: 1 },
      s100: { mId: 'HP0110', version: 1 },
      retiredKeys: [],
    });
    expect(created.body).not.toContain('1A2B3');
    expect(created.body).not.toContain(harbourPilot.s100.mKey);
    const again = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: harbourPilot });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([expect.objectContaining({ path: 'body.id' })]);

    // At rest the keys are sealed: neither the table nor the audit log holds them in the clear.
    const rows = await t.database.db.select().from(deviceApplications);
    const dump = JSON.stringify(rows) + JSON.stringify(await t.database.db.select().from(auditLog));
    expect(dump).not.toContain('1A2B3');
    expect(dump).not.toContain(harbourPilot.s100.mKey);
    expect(dump).toContain('HP0110');

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${url}/110`,
      headers: admin.headers,
      payload: { name: 'Harbour Pilot Pro', platforms: [4] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Harbour Pilot Pro', platforms: [4], s63: { version: 1 } });
    expect(
      (await t.app.inject({ method: 'PATCH', url: `${url}/999`, headers: admin.headers, payload: { enabled: false } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `${url}/110`, headers: admin.headers, payload: {} })).statusCode).toBe(400);

    // A new type is activatable at once, on its own platforms only; switched off, it takes no new code.
    const user = await t.loginAs('user');
    expect((await activate(user.headers, 'PILOT-0', 110, 3)).json().details).toEqual([
      expect.objectContaining({ path: 'body.platformId' }),
    ]);
    expect((await activate(user.headers, 'PILOT-0', 110, 4)).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `${url}/110`, headers: admin.headers, payload: { enabled: false, platforms: [3, 4] } });
    const off = await activate(user.headers, 'PILOT-0', 110, 4);
    expect(off.statusCode).toBe(400);
    expect(off.json().details).toEqual([
      expect.objectContaining({ path: 'body.applicationTypeId', message: expect.stringMatching(/switched off/) }),
    ]);
    await t.app.inject({ method: 'PATCH', url: `${url}/110`, headers: admin.headers, payload: { enabled: true } });

    const actions = (await t.database.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['application-type.create', 'application-type.update']));
  });

  it('rotates keys: a device redeemed before keeps its sets and its old-key permits, a new device redeems with the new key', async () => {
    const user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 3 });
    const oldS63 = harbourPilot.s63;
    const oldS100 = harbourPilot.s100;
    const before = await redeemDevice(user, 'PILOT-1', 110, { userPermit: createUserPermit({ hwId: 'B0B01', ...oldS63 }) });
    expect(before.statusCode, before.body).toBe(200);
    const oldToken = before.json().token as string;

    const newS63 = { mId: 'HQ', mKey: 'C0FFE' };
    const newS100 = { mId: 'HQ0110', mKey: s100Key('CD34') };
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${url}/110/keys`,
      headers: admin.headers,
      payload: { s63: newS63, s100: newS100 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json()).toMatchObject({
      s63: { mId: 'HQ', version: 2 },
      s100: { mId: 'HQ0110', version: 2 },
      retiredKeys: [
        { standard: 's100', mId: 'HP0110', version: 1 },
        { standard: 's63', mId: 'HP', version: 1 },
      ],
    });
    expect(rotated.body).not.toContain('C0FFE');
    expect(rotated.body).not.toContain(newS100.mKey);
    const onlyOne = await t.app.inject({ method: 'POST', url: `${url}/110/keys`, headers: admin.headers, payload: {} });
    expect(onlyOne.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/999/keys`, headers: admin.headers, payload: { s63: newS63 } })).statusCode,
    ).toBe(404);

    // The device redeemed before the rotation: its exchange sets and licence file still come, and
    // the S-100 user permit its app (still with the old key) sends later is read.
    const set = await exchangeSet(oldToken);
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json().cells).toEqual([expect.objectContaining({ name: 'XX5DEMO1' })]);
    const oldHeaders = { authorization: `Bearer ${oldToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: oldHeaders })).statusCode).toBe(200);
    const s100HwId = '00112233445566778899AABBCCDDEEFF';
    const oldPermit = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/user-permit',
      headers: oldHeaders,
      payload: { s100UserPermit: createS100UserPermit({ hwId: s100HwId, ...oldS100 }) },
    });
    expect(oldPermit.statusCode, oldPermit.body).toBe(200);
    expect(oldPermit.json()).toEqual({ s100HwId });

    // A new device: the old key no longer redeems, the new one does.
    const stale = await redeemDevice(user, 'PILOT-2', 110, { userPermit: createUserPermit({ hwId: 'B0B02', ...oldS63 }) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().details).toEqual([expect.objectContaining({ path: 'body.userPermit' })]);
    const staleS100 = await redeemDevice(user, 'PILOT-2', 110, { s100UserPermit: createS100UserPermit({ hwId: s100HwId, ...oldS100 }) });
    expect(staleS100.statusCode).toBe(400);
    const fresh = await redeemDevice(user, 'PILOT-2', 110, {
      userPermit: createUserPermit({ hwId: 'B0B02', ...newS63 }),
      s100UserPermit: createS100UserPermit({ hwId: s100HwId, ...newS100 }),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ hwId: 'B0B02', s100HwId });
    expect((await exchangeSet(fresh.json().token)).statusCode).toBe(201);

    // Switched off, the type takes no new device (not even with a code made before), and the devices it has keep working.
    const early = await activate(user.headers, 'PILOT-3', 110, 4);
    expect(early.statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `${url}/110`, headers: admin.headers, payload: { enabled: false } });
    const refused = await redeem(early.json().id, {
      deviceId: 'PILOT-3',
      platformId: 4,
      applicationTypeId: 110,
      userPermit: createUserPermit({ hwId: 'B0B03', ...newS63 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'body.applicationTypeId' })]);
    expect((await exchangeSet(oldToken)).statusCode).toBe(201);
    expect((await exchangeSet(fresh.json().token)).statusCode).toBe(201);

    const audit = await t.database.db.select().from(auditLog);
    const rotation = audit.find((r) => r.action === 'application-type.rotate-keys');
    expect(rotation?.subject).toMatchObject({
      applicationTypeId: 110,
      s63: { mId: 'HQ', version: 2 },
      s100: { mId: 'HQ0110', version: 2 },
    });
    expect(JSON.stringify(audit)).not.toContain('C0FFE');
  });

  it('documents the admin calls in the OpenAPI page with their security and every status', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = [
      ['get', '/api/admin/application-types', ['200', '401', '403']],
      ['post', '/api/admin/application-types', ['201', '400', '401', '403', '409']],
      ['patch', '/api/admin/application-types/{id}', ['200', '400', '401', '403', '404']],
      ['post', '/api/admin/application-types/{id}/keys', ['200', '400', '401', '403', '404']],
    ] as const;
    for (const [method, path, statuses] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${path}`).toEqual([...statuses].sort());
    }
    expect(doc.paths['/api/application-types'].get.responses['200']).toBeDefined();
  });
});
