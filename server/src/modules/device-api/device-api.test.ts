import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { buildDemoHarbourCell, buildDemoHarbourUpdate, demoHarbourCell, writeS57 } from '@chartroom/s57';
import { parseCatalog, parseSignatureFile, readExchangeSet } from '@chartroom/s63';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedLicense } from '../../db/seed/licensing-demo.js';
import {
  applyCells,
  createActivation,
  decryptIndependently,
  otherApplication,
  seedApplications,
  seedChartsProduct,
  seedRedeemedDevice,
  unzipResponse,
  userPermitFor,
} from './device-api.test-helper.js';

describe('device API: from an activation code to charts on board', () => {
  let t: TestApp;
  let productId: number;
  let provider: Awaited<ReturnType<typeof seedChartsProduct>>['provider'];
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    ({ productId, provider } = await seedChartsProduct(t, 1));
  });
  afterAll(() => t.close());

  const redeem = (code: string, payload: Record<string, unknown>, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/app/v1/activations/${code}/redeem`, payload, ...(headers ? { headers } : {}) });

  it('refuses a mistyped permit, a permit of another application and a full licence; gives a token otherwise', async () => {
    const user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 1 });
    const code = await createActivation(t, 'SHIP-A', user.headers);
    const good = userPermitFor('ABCDE');
    const badCrc = good.slice(0, 20) + (good[20] === '0' ? '1' : '0') + good.slice(21);
    const body = { deviceId: 'SHIP-A', platformId: 1, applicationTypeId: 101 };

    const crc = await redeem(code, { ...body, userPermit: badCrc });
    expect(crc.statusCode).toBe(400);
    expect(crc.json()).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/checksum/),
      details: [{ path: 'body.userPermit' }],
    });
    const wrongApp = await redeem(code, { ...body, userPermit: userPermitFor('ABCDE', otherApplication) });
    expect(wrongApp.statusCode).toBe(400);
    expect(wrongApp.json().details[0].path).toBe('body.userPermit');

    const ok = await redeem(code.replace(/(.{4})(?=.)/g, '$1-'), { ...body, userPermit: good.toLowerCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      token: expect.stringMatching(/^crd_/),
      installationId: expect.any(Number),
      hwId: 'ABCDE',
      deviceId: 'SHIP-A',
    });
    expect((await redeem(code, { ...body, userPermit: good })).statusCode).toBe(409);

    const second = await createActivation(t, 'SHIP-B', user.headers);
    const full = await redeem(second, { ...body, deviceId: 'SHIP-B', userPermit: userPermitFor('BCDEF') });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/free device slot/);
  });

  it("lets a guest-made code be redeemed only with a sign-in, and makes it that user's", async () => {
    const user = await t.loginAs('user');
    await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: 3 });
    const code = await createActivation(t, 'GUEST-1');
    const body = { deviceId: 'GUEST-1', platformId: 3, applicationTypeId: 101, userPermit: userPermitFor('12345') };
    expect((await redeem(code, body)).statusCode).toBe(401);
    const ok = await redeem(code, body, user.headers);
    expect(ok.statusCode).toBe(200);
    const profile = (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: user.headers })).json();
    expect(profile.licenses[0].installations).toEqual([expect.objectContaining({ id: ok.json().installationId, deviceId: 'GUEST-1' })]);
    // Another user's code is not found for someone else.
    const stranger = await t.loginAs('user');
    const theirs = await createActivation(t, 'GUEST-2', user.headers);
    expect((await redeem(theirs, { ...body, deviceId: 'GUEST-2' }, stranger.headers)).statusCode).toBe(404);
  });

  it('lists entitlements and delivers a full set that an independent implementation decrypts to the applied cells', async () => {
    const d = await seedRedeemedDevice(t, { productId, hwId: '12345' });
    const ent = await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: d.deviceHeaders });
    expect(ent.statusCode).toBe(200);
    expect(ent.json()).toMatchObject({
      installationId: d.installationId,
      deviceId: d.deviceId,
      hwId: '12345',
      products: [{ licenseId: d.license.id, licType: 'com' }],
      cells: [{ name: 'XX5DEMO1', edition: 1, update: 1, issueDate: expect.any(String), bbox: [10, 54, 10.1, 54.06], band: 5 }],
    });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: d.deviceHeaders,
      payload: { productVersions: [{ name: 'zz9nope1', edition: 1, update: 0 }] },
    });
    expect(created.statusCode).toBe(201);
    const set = created.json();
    expect(set).toMatchObject({
      cells: [{ name: 'XX5DEMO1', edition: 1, files: ['XX5DEMO1.000', 'XX5DEMO1.001'] }],
      notIncluded: [{ name: 'ZZ9NOPE1', reason: 'unknown' }],
    });
    const download = await t.app.inject({ method: 'GET', url: set.url, headers: d.deviceHeaders });
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(set.size);
    expect(download.rawPayload.length).toBe(set.size);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(set.sha256);
    expect(download.headers['x-content-sha256']).toBe(set.sha256);

    const files = unzipResponse(download.rawPayload);
    const cellPath = (u: number) => `V01X01/ENC_ROOT/XX/XX5DEMO1/1/${u}/XX5DEMO1.00${u}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        cellPath(0),
        cellPath(1),
        'V01X01/ENC_ROOT/XX/XX5DEMO1/1/0/SX5DEMO1.000',
        'V01X01/ENC_ROOT/XX/XX5DEMO1/1/1/SX5DEMO1.001',
        'V01X01/ENC_ROOT/CATALOG.031',
        'V01X01/INFO/PRODUCTS.TXT',
        'V01X01/PERMIT.TXT',
        'V01X01/SERIAL.ENC',
      ].sort(),
    );
    const permitText = Buffer.from(files['V01X01/PERMIT.TXT']!).toString('latin1');
    expect(permitText).toMatch(
      new RegExp(`XX5DEMO1${d.license.expiresAt!.toISOString().slice(0, 10).replaceAll('-', '')}[0-9A-F]{48},0,1,CR,`),
    );
    const plain = await decryptIndependently({
      hwId: '12345',
      permitText,
      cells: [0, 1].map((u) => ({ name: 'XX5DEMO1', file: cellPath(u), data: files[cellPath(u)]! })),
    });
    expect(Buffer.compare(plain[0]!.plain, Buffer.from(buildDemoHarbourCell()))).toBe(0);
    expect(Buffer.compare(plain[1]!.plain, Buffer.from(buildDemoHarbourUpdate(1)))).toBe(0);

    // CATALOG.031 CRCs (checked with zlib's CRC-32), SERIAL.ENC and PRODUCTS.TXT.
    const catalog = parseCatalog(files['V01X01/ENC_ROOT/CATALOG.031']!);
    for (const u of [0, 1]) {
      const entry = catalog.find((c) => c.file.replaceAll('\\', '/') === `XX/XX5DEMO1/1/${u}/XX5DEMO1.00${u}`);
      expect(Number.parseInt(entry!.crc!, 16)).toBe(zlibCrc32(files[cellPath(u)]!));
    }
    expect(Buffer.from(files['V01X01/SERIAL.ENC']!).toString('latin1')).toMatch(
      /^CRWK\d\d-\d\d\s+\d{8}BASE\s+02\.00V01X01[0-9A-F]{8}\r\n$/,
    );
    expect(Buffer.from(files['V01X01/INFO/PRODUCTS.TXT']!).toString('latin1')).toMatch(/\r\n:ENC\r\nXX5DEMO1,\d{8},1,\d{8},1,/);

    // Each cell is signed by the data server (DSA over SHA-1), whose key the (local) SA signed.
    const dsKey = createPublicKey(readFileSync(join(t.dataDir, 's63-data-server.key.pem'), 'utf8'));
    const saKey = createPublicKey(readFileSync(join(t.dataDir, 's63-local-sa.pub.pem'), 'utf8'));
    // The file writes R and S as numbers, without leading zero bytes (about one signature in a
    // hundred has one); IEEE P1363 wants each at the subgroup's 20 bytes.
    const p1363 = (r: Uint8Array, s: Uint8Array) =>
      Buffer.concat([r, s].map((n) => Buffer.concat([Buffer.alloc(20 - n.length), Buffer.from(n)])));
    for (const u of [0, 1]) {
      const sig = parseSignatureFile(Buffer.from(files[`V01X01/ENC_ROOT/XX/XX5DEMO1/1/${u}/SX5DEMO1.00${u}`]!).toString('latin1'));
      expect(verify('sha1', files[cellPath(u)]!, { key: dsKey, dsaEncoding: 'ieee-p1363' }, p1363(sig.r, sig.s))).toBe(true);
      expect(
        verify('sha1', Buffer.from(sig.publicKeyText, 'latin1'), { key: saKey, dsaEncoding: 'ieee-p1363' }, p1363(sig.saR, sig.saS)),
      ).toBe(true);
      const tampered = Buffer.from(files[cellPath(u)]!);
      tampered[10] ^= 1;
      expect(verify('sha1', tampered, { key: dsKey, dsaEncoding: 'ieee-p1363' }, p1363(sig.r, sig.s))).toBe(false);
    }
    // The project's own reader agrees (permits, CRCs, decryption).
    const read = readExchangeSet(new Uint8Array(download.rawPayload), { hwId: '12345' });
    expect(read.cells.map((c) => [c.name, c.update, c.status])).toEqual([
      ['XX5DEMO1', 0, 'decrypted'],
      ['XX5DEMO1', 1, 'decrypted'],
    ]);

    // Range resume: the rest of the file from byte 100 joins the first 100 bytes to the whole.
    const head = await t.app.inject({ method: 'GET', url: set.url, headers: { ...d.deviceHeaders, range: 'bytes=0-99' } });
    const tail = await t.app.inject({ method: 'GET', url: set.url, headers: { ...d.deviceHeaders, range: 'bytes=100-' } });
    expect([head.statusCode, tail.statusCode]).toEqual([206, 206]);
    expect(tail.headers['content-range']).toBe(`bytes 100-${set.size - 1}/${set.size}`);
    expect(Buffer.compare(Buffer.concat([head.rawPayload, tail.rawPayload]), download.rawPayload)).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: set.url, headers: { ...d.deviceHeaders, range: `bytes=${set.size}-` } })).statusCode,
    ).toBe(416);

    // Nothing new → 304; after the provider applies .002, the delta holds only the new update.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: d.deviceHeaders,
      payload: { productVersions: [{ name: 'XX5DEMO1', edition: 1, update: 1 }] },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers['content-length']).toBeUndefined();
    const sinceFirst = await t.app.inject({
      method: 'GET',
      url: `/api/app/v1/updates?since=${encodeURIComponent(set.serverTime)}`,
      headers: d.deviceHeaders,
    });
    expect(sinceFirst.statusCode).toBe(304);

    await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
    const updates = await t.app.inject({
      method: 'GET',
      url: `/api/app/v1/updates?since=${encodeURIComponent(set.serverTime)}`,
      headers: d.deviceHeaders,
    });
    expect(updates.statusCode).toBe(200);
    expect(updates.json().cells).toEqual([expect.objectContaining({ name: 'XX5DEMO1', edition: 1, update: 2 })]);
    const delta = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: d.deviceHeaders,
      payload: { sinceDateTime: set.serverTime },
    });
    expect(delta.statusCode).toBe(201);
    expect(delta.json().cells).toEqual([{ name: 'XX5DEMO1', edition: 1, files: ['XX5DEMO1.002'] }]);
    const deltaZip = unzipResponse((await t.app.inject({ method: 'GET', url: delta.json().url, headers: d.deviceHeaders })).rawPayload);
    const cellFiles = Object.keys(deltaZip).filter((n) => /\/XX5DEMO1\.\d{3}$/.test(n));
    expect(cellFiles).toEqual(['V01X01/ENC_ROOT/XX/XX5DEMO1/1/2/XX5DEMO1.002']);
    const [u2] = await decryptIndependently({
      hwId: '12345',
      permitText: Buffer.from(deltaZip['V01X01/PERMIT.TXT']!).toString('latin1'),
      cells: [{ name: 'XX5DEMO1', file: cellFiles[0]!, data: deltaZip[cellFiles[0]!]! }],
    });
    expect(Buffer.compare(u2!.plain, Buffer.from(buildDemoHarbourUpdate(2)))).toBe(0);
    expect(Buffer.from(deltaZip['V01X01/SERIAL.ENC']!).toString('latin1')).toContain('UPDATE');

    // The application can ask for the zip itself.
    const zipped = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: { ...d.deviceHeaders, accept: 'application/zip' },
      payload: { productVersions: [] },
    });
    expect(zipped.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipResponse(zipped.rawPayload))).toContain('V01X01/ENC_ROOT/XX/XX5DEMO1/1/2/XX5DEMO1.002');
  });

  it('reports a requested cell of a geocontent the device is not licensed for, and an unknown one', async () => {
    const elsewhere = await seedChartsProduct(t, 0);
    await applyCells(t, elsewhere.provider, [
      { name: 'files', filename: 'XX5OTHR1.000', data: writeS57({ ...demoHarbourCell(), name: 'XX5OTHR1.000' }) },
    ]);
    const d = await seedRedeemedDevice(t, { productId, hwId: '2468A' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: d.deviceHeaders,
      payload: {
        productVersions: [
          { name: 'XX5DEMO1', edition: 1, update: 9 },
          { name: 'XX5OTHR1', edition: 1, update: 0 },
          { name: 'QQ1ABCDE', edition: 1, update: 0 },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      cells: [],
      notIncluded: [
        { name: 'XX5OTHR1', reason: 'not_licensed' },
        { name: 'QQ1ABCDE', reason: 'unknown' },
      ],
    });
  });
});
