import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { activations, auditLog } from '../../db/schema/index.js';
import { seedLicense } from '../../db/seed/licensing-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { addMonths } from '../../lib/dates.js';
import { generateActivationCode } from '../activation/activation.routes.js';
import { rotateSigningKey } from './license-file.service.js';
import { seedApplications, seedChartsProduct, seedRedeemedDevice, userPermitFor } from './device-api.test-helper.js';

type Jwk = { kid: string; x: string };

/** Offline check as an app does it: the key named by `kid`, Ed25519 over "header.payload". */
function verifyLicenseFile(jws: string, keys: Jwk[]): Record<string, unknown> | null {
  const [header, payload, signature] = jws.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString());
  const jwk = keys.find((k) => k.kid === kid);
  if (alg !== 'EdDSA' || !jwk) return null;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  const ok = verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url'));
  return ok ? JSON.parse(Buffer.from(payload!, 'base64url').toString()) : null;
}

describe('device API: licence file, revocation, swaps and limits', () => {
  let t: TestApp;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp({ DEVICE_REDEEMS_PER_MINUTE: 1000, DEVICE_SWAPS_PER_LICENSE: 1, DEVICE_CALLS_PER_MINUTE: 40 });
    await seedApplications(t);
    ({ productId } = await seedChartsProduct(t, 1));
  });
  afterAll(() => t.close());

  it('signs a licence file that verifies offline with the JWKS; a changed byte fails; an old kid survives rotation', async () => {
    const d = await seedRedeemedDevice(t, { productId, hwId: '1A2B3' });
    const res = await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: d.deviceHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/jose/);
    const jws = res.body;
    const keys = (await t.app.inject({ method: 'GET', url: '/api/app/v1/keys' })).json().keys as Jwk[];
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: expect.any(String), x: expect.any(String) });
    const payload = verifyLicenseFile(jws, keys);
    expect(payload).toMatchObject({
      licenseId: d.license.id,
      installationId: d.installationId,
      deviceId: d.deviceId,
      hwId: '1A2B3',
      user: { id: d.user.id, email: d.user.email },
      products: [{ licenseId: d.license.id }],
      cells: [{ name: 'XX5DEMO1', edition: 1, update: 1 }],
      ttl: expect.any(Number),
      expiry: d.license.expiresAt!.toISOString(),
    });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(payload!.ttl);

    const [h, p, s] = jws.split('.') as [string, string, string];
    const bytes = Buffer.from(p, 'base64url');
    bytes[5] ^= 1;
    expect(verifyLicenseFile(`${h}.${bytes.toString('base64url')}.${s}`, keys)).toBeNull();

    const oldKid = keys[0]!.kid;
    const { kid: newKid } = await rotateSigningKey({ db: t.database.db, box: createSecretBox(t.app.config.dataKey), ttlSeconds: 3600 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/app/v1/keys' })).json().keys as Jwk[];
    expect(after.map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());
    expect(verifyLicenseFile(jws, after)).not.toBeNull();
    const next = (await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: d.deviceHeaders })).body;
    expect(JSON.parse(Buffer.from(next.split('.')[0]!, 'base64url').toString()).kid).toBe(newKid);

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === 'device.license-file')).toHaveLength(2);
  });

  it('lets the operator rotate the signing key from the API: one key in use after concurrent rotations, old ones published until they expire', async () => {
    const admin = await t.loginAs('admin');
    const user = await t.loginAs('user');
    const url = '/api/admin/license-keys';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${url}/rotate`, headers: user.headers })).statusCode).toBe(403);

    const d = await seedRedeemedDevice(t, { productId, hwId: 'C0C0C' });
    const held = (await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: d.deviceHeaders })).body;
    const heldKid = JSON.parse(Buffer.from(held.split('.')[0]!, 'base64url').toString()).kid as string;

    const rotations = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `${url}/rotate`, headers: admin.headers })),
    );
    expect(rotations.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const newest = rotations.map((r) => r.json().kid as string);
    expect(rotations.flatMap((r) => r.json().retired as string[])).toContain(heldKid);

    const keys = (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json() as {
      kid: string;
      retiredAt: string | null;
      expiresAt: string | null;
      published: boolean;
    }[];
    const inUse = keys.filter((k) => k.retiredAt === null);
    expect(inUse).toHaveLength(1);
    expect(newest).toContain(inUse[0]!.kid);
    const old = keys.find((k) => k.kid === heldKid)!;
    expect(old).toMatchObject({ published: true, retiredAt: expect.any(String), expiresAt: expect.any(String) });
    expect(JSON.stringify(keys)).not.toMatch(/private|PRIVATE KEY/);

    // The app offline across the rotation still verifies what it holds; its next file uses the new key.
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/app/v1/keys' })).json().keys as Jwk[];
    expect(verifyLicenseFile(held, jwks)).not.toBeNull();
    const next = (await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: d.deviceHeaders })).body;
    expect(JSON.parse(Buffer.from(next.split('.')[0]!, 'base64url').toString()).kid).toBe(inUse[0]!.kid);

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === 'license-key.rotate')).toHaveLength(3);
  });

  it("answers 401 without or with a revoked token and 404 for another device's exchange set", async () => {
    const a = await seedRedeemedDevice(t, { productId, hwId: 'AAAA1' });
    const b = await seedRedeemedDevice(t, { productId, hwId: 'BBBB2' });
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: a.user.headers })).statusCode).toBe(401);
    const set = (
      await t.app.inject({ method: 'POST', url: '/api/app/v1/exchange-sets', headers: a.deviceHeaders, payload: { productVersions: [] } })
    ).json();
    expect((await t.app.inject({ method: 'GET', url: set.url, headers: b.deviceHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: set.url, headers: a.deviceHeaders })).statusCode).toBe(200);

    // The owner swaps the device from the cabinet: its token stops, the slot is free at once.
    const stranger = await t.loginAs('user');
    const url = `/api/licenses/${a.license.id}/installations/${a.installationId}/swap`;
    expect((await t.app.inject({ method: 'POST', url, headers: stranger.headers })).statusCode).toBe(404);
    const swapped = await t.app.inject({ method: 'POST', url, headers: a.user.headers });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json()).toEqual({ revokedInstallationIds: [a.installationId], swapsLeft: 0 });
    const revoked = await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: a.deviceHeaders });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toMatch(/revoked/);
    expect((await t.app.inject({ method: 'GET', url: set.url, headers: a.deviceHeaders })).statusCode).toBe(401);
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: a.user.headers })).json();
    expect(profile.licenses[0].installations).toEqual([]);
  });

  it('moves a device to new hardware from the app within the swap limit', async () => {
    const d = await seedRedeemedDevice(t, { productId, hwId: 'CCCC3', deviceCount: 1 });
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/swap',
      headers: d.deviceHeaders,
      payload: { deviceId: 'NEW-SHIP', platformId: 3, userPermit: userPermitFor('DDDD4') },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ swapsLeft: 0, token: expect.stringMatching(/^crd_/), installationIds: [expect.any(Number)] });
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: d.deviceHeaders })).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${moved.json().token}` };
    const ent = await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: fresh });
    expect(ent.json()).toMatchObject({ deviceId: 'NEW-SHIP', hwId: 'DDDD4' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/swap',
      headers: fresh,
      payload: { deviceId: 'THIRD', platformId: 3, userPermit: userPermitFor('EEEE5') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/swaps/);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: fresh })).statusCode).toBe(200);
  });

  it('rate-limits device calls per installation, not per address', async () => {
    const a = await seedRedeemedDevice(t, { productId, hwId: 'FFFF6' });
    const b = await seedRedeemedDevice(t, { productId, hwId: 'FFFF7' });
    const codes: number[] = [];
    for (let i = 0; i < 60 && !codes.includes(429); i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: a.deviceHeaders })).statusCode);
    expect(codes).toContain(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: b.deviceHeaders })).statusCode).toBe(200);
  });

  it('attaches exactly deviceCount devices when 64 devices redeem on one licence at once', async () => {
    const user = await t.loginAs('user');
    const license = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 5 });
    const rows = await t.database.db
      .insert(activations)
      .values(
        Array.from({ length: 64 }, (_, i) => ({
          code: generateActivationCode(),
          deviceId: `RACE-${i}`,
          applicationTypeId: 101,
          platformId: 1,
          durationMonths: 12,
          userId: user.id,
          expiresAt: addMonths(new Date(), 12),
        })),
      )
      .returning();
    const results = await Promise.all(
      rows.map((row, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/app/v1/activations/${row.code}/redeem`,
          payload: {
            deviceId: row.deviceId,
            platformId: 1,
            applicationTypeId: 101,
            userPermit: userPermitFor((0x10000 + i).toString(16).toUpperCase()),
            licenseId: license.id,
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(59);
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: user.headers })).json();
    expect(profile.licenses[0].installations).toHaveLength(5);
  });
});
