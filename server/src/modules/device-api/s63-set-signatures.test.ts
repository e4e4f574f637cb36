import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoHarbourCell, cellBBox, crc32 as s57Crc32, readExchangeCatalogue, readS57 } from '@chartroom/s57';
import { blowfishEncryptEcb, crc32, createUserPermit, parseCatalog, parseSignatureFile } from '@chartroom/s63';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';
import { unzipResponse } from './device-api.test-helper.js';
import { loadDataServerKey, readSchemeAdministratorKey } from './data-server-key.js';
import { createSecretBox } from '../../lib/secret-box.js';

// Issue 35: what a device checks in an S-63 set — the cells' signatures chain to the scheme
// administrator key the portal publishes, CATALOG.031 gives each cell's bounding coordinates — and a
// user permit over a malformed HW_ID is refused naming the HW_ID format.
describe('S-63 exchange set: signatures, catalogue coordinates, HW_ID', () => {
  let t: TestApp;
  let userHeaders: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
    const demo = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    userHeaders = { authorization: `Bearer ${t.app.signToken(demo)}` };
  });
  afterAll(() => t.close());

  async function redeem(deviceId: string, userPermit: string) {
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/api/installation/activate',
        headers: userHeaders,
        payload: { deviceId, applicationTypeId: 101, platformId: 1 },
      })
    ).json().id;
    return t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId, platformId: 1, applicationTypeId: 101, userPermit },
    });
  }

  it('signs every cell with a key the published scheme administrator certified, and fills CATALOG.031 with the cell extents', async () => {
    const redeemed = await redeem('SIG-SHIP', createUserPermit({ hwId: '1A2B3', mKey: '10121', mId: '10' }));
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const device = { authorization: `Bearer ${redeemed.json().token}` };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: device,
      payload: { productVersions: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const download = await t.app.inject({ method: 'GET', url: made.json().url, headers: device });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipResponse(download.rawPayload);

    // The scheme administrator key, in both forms, says the same key.
    const pem = await t.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator' });
    expect(pem.statusCode).toBe(200);
    expect(pem.headers['content-type']).toBe('application/x-pem-file');
    expect(pem.headers['x-s63-test-scheme']).toBe('true');
    const pub = await t.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator?format=pub' });
    expect(pub.headers['content-type']).toMatch(/^text\/plain/);
    expect(pub.body).toMatch(/^\/\/ BIG p\r\n[0-9A-F ]+\.\r\n\/\/ BIG q/);
    const saKey = createPublicKey(pem.body);
    expect(saKey.asymmetricKeyType).toBe('dsa');

    const cellFiles = Object.keys(files).filter((p) => /\/XX5DEMO1\/\d+\/\d+\/XX5DEMO1\.\d{3}$/.test(p));
    expect(cellFiles.length).toBeGreaterThan(0);
    for (const path of cellFiles) {
      const name = path.split('/').pop()!;
      const sigPath = path.replace(/\/[^/]+$/, `/S${name.slice(1)}`);
      const sig = parseSignatureFile(Buffer.from(files[sigPath]!).toString('latin1'));
      // The SA's signature over the data server key text: P1363 halves of q's length (20 bytes).
      const saSignature = Buffer.concat([pad(sig.saR), pad(sig.saS)]);
      expect(verify('sha1', Buffer.from(sig.publicKeyText, 'latin1'), { key: saKey, dsaEncoding: 'ieee-p1363' }, saSignature)).toBe(true);
      // A key of another SA does not verify it (the check is real).
      const tampered = Buffer.from(
        sig.publicKeyText.replace(/[0-9A-F](?=[0-9A-F ]*\.\r\n\/\/ BIG q)/, (d) => (d === '0' ? '1' : '0')),
        'latin1',
      );
      expect(verify('sha1', tampered, { key: saKey, dsaEncoding: 'ieee-p1363' }, saSignature)).toBe(false);
    }

    // CATALOG.031 read back with the ISO 8211 catalogue reader: each cell file has its bounding coordinates.
    const catalogue = parseCatalog(files['V01X01/ENC_ROOT/CATALOG.031']!);
    const base = catalogue.find((e) => e.file === 'XX/XX5DEMO1/1/0/XX5DEMO1.000');
    expect(base?.bbox).toBeDefined();
    const [west, south, east, north] = cellBBox(readS57(buildDemoHarbourCell()))!;
    expect(base!.bbox!.west).toBeCloseTo(west, 6);
    expect(base!.bbox!.south).toBeCloseTo(south, 6);
    expect(base!.bbox!.east).toBeCloseTo(east, 6);
    expect(base!.bbox!.north).toBeCloseTo(north, 6);
    const entitled = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: device })).json();
    const demoCell = entitled.cells.find((c: { name: string }) => c.name === 'XX5DEMO1');
    expect(demoCell.bbox[0]).toBeCloseTo(base!.bbox!.west, 6);
    expect(demoCell.bbox[3]).toBeCloseTo(base!.bbox!.north, 6);
    // Read again with the generic ISO 8211 reader the portal reads uploaded catalogues with: the same
    // coordinates, and each CRC is the CRC-32 of the file as it is in the set.
    const reread = readExchangeCatalogue(files['V01X01/ENC_ROOT/CATALOG.031']!);
    expect(reread.find((e) => e.file === 'XX\\XX5DEMO1\\1\\0\\XX5DEMO1.000')?.bbox).toEqual([
      base!.bbox!.west,
      base!.bbox!.south,
      base!.bbox!.east,
      base!.bbox!.north,
    ]);
    for (const entry of reread.filter((e) => e.file !== 'CATALOG.031')) {
      const data = files[`V01X01/ENC_ROOT/${entry.file.replaceAll('\\', '/')}`];
      expect(data, entry.file).toBeDefined();
      expect(parseInt(entry.crc!, 16), entry.file).toBe(s57Crc32(data!));
    }
    // Signature files carry no coordinates.
    expect(catalogue.filter((e) => e.file.split('/').pop()!.startsWith('S') && e.bbox)).toEqual([]);

    // A device that has the set gets 304 for its ETag; a range gets 206.
    const again = await t.app.inject({
      method: 'GET',
      url: made.json().url,
      headers: { ...device, 'if-none-match': download.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const part = await t.app.inject({ method: 'GET', url: made.json().url, headers: { ...device, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(download.rawPayload.subarray(0, 100));
  });

  it('serves the configured scheme administrator key of a portal with its own certificate, and refuses one that did not sign it', async () => {
    // The files the first portal generated, configured on a second one as a real deployment would.
    const files = {
      S63_DS_KEY_FILE: join(t.dataDir, 's63-data-server.key.pem'),
      S63_DS_CERT_FILE: join(t.dataDir, 's63-data-server.cert.txt'),
    };
    const pub = join(t.dataDir, 'IHO.PUB');
    writeFileSync(pub, (await t.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator?format=pub' })).body);
    const local = (await t.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator' })).body;
    expect(readSchemeAdministratorKey(readFileSync(pub, 'latin1')).pem).toBe(local);

    const configured = await buildTestApp({ ...files, S63_SA_PUBLIC_KEY_FILE: pub });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-s63-test-scheme']).toBe('false');
      expect(res.body).toBe(local);
    } finally {
      await configured.close();
    }
    const unnamed = await buildTestApp(files);
    try {
      const res = await unnamed.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/IHO\.PUB/);
    } finally {
      await unnamed.close();
    }
    // Another SA's key: the portal does not start rather than publish a key the cells do not chain to.
    const other = join(t.dataDir, 'OTHER.PEM');
    writeFileSync(
      other,
      generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    const store = { db: t.database.db, box: createSecretBox(t.app.config.dataKey) };
    await expect(loadDataServerKey({ ...files, S63_SA_PUBLIC_KEY_FILE: other, dataDir: t.dataDir }, store)).rejects.toThrow(
      /not signed by the scheme administrator/,
    );
  });

  it('refuses a user permit over a malformed HW_ID with a 400 naming the HW_ID format', async () => {
    // The right M_KEY over a lower-case HW_ID: not "made for another application", a HW_ID made wrong.
    const block = blowfishEncryptEcb(Buffer.from('10121', 'ascii'), Buffer.from([...Buffer.from('1a2b3', 'ascii'), 3, 3, 3]));
    const hex = Buffer.from(block).toString('hex').toUpperCase();
    const permit = hex + crc32(Buffer.from(hex, 'ascii')).toString(16).toUpperCase().padStart(8, '0') + '3130';
    const res = await redeem('BAD-HWID', permit);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/HW_ID "1a2b3".*5 characters 0-9 and A-F/);
    expect(res.json().message).not.toMatch(/not made for/);
    expect(res.json().details[0].path).toBe('body.userPermit');
  });
});

function pad(half: Uint8Array): Buffer {
  const out = Buffer.alloc(20);
  Buffer.from(half).copy(out, 20 - half.length);
  return out;
}
