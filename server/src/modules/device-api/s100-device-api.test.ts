import { X509Certificate, createDecipheriv, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPki, createUserPermit } from '@chartroom/s100';
import { buildDemoS101Dataset, buildDemoS101Update, DEMO_S101_NAME } from '@chartroom/s101';
import { writeS104Grid } from '@chartroom/s102/s100-fixtures.test-helper';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { loginProvider, postFiles, type Part } from '../charts/charts.test-helper.js';
import { createActivation, seedApplications, userPermitFor } from './device-api.test-helper.js';
import { demoDeviceApplication } from './device-apps.seed.js';
import { loadS100DataServer } from './s100-data-server.js';

// The whole S-100 chain (issue 36): a provider uploads S-100 datasets, sells them in a product, a
// user redeems a code with an S-100 user permit, and the device's exchange set is checked by a
// verifier written here from S-100 Part 15 with nothing but Node's crypto (not @chartroom/s100).

const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
const OTHER_HW_ID = '00112233445566778899AABBCCDDEEFF';
const s100PermitFor = (hwId: string) =>
  createUserPermit({ hwId, mKey: demoDeviceApplication.s100MKey, mId: demoDeviceApplication.s100MId });

// --- The verifier: Part 15 from the standard, Node's crypto only -----------------------------------

/** Elements by local name (any namespace prefix) with their attributes and inner text. */
function elements(xml: string, name: string) {
  const re = new RegExp(`<(?:[\\w-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`, 'g');
  return [...xml.matchAll(re)].map((m) => ({
    attrs: Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    text: (m[2] ?? '').trim(),
  }));
}
const textOf = (xml: string, name: string) => elements(xml, name)[0]?.text;

/** The certificate a signature names, which must be issued by the scheme administrator. */
function signerOf(xmlWithCertificates: string, ref: string, sa: X509Certificate): X509Certificate {
  const entry = elements(xmlWithCertificates, 'certificate').find((c) => c.attrs.id === ref);
  if (!entry) throw new Error(`no certificate ${ref}`);
  const certificate = new X509Certificate(Buffer.from(entry.text.replace(/\s+/g, ''), 'base64'));
  if (!certificate.checkIssued(sa) || !certificate.verify(sa.publicKey))
    throw new Error(`${certificate.subject} does not chain to the scheme administrator`);
  return certificate;
}

/** ECDSA P-384 with SHA-384, DER signature (Part 15 15-8). */
const isSigned = (bytes: Uint8Array, certificate: X509Certificate, signatureBase64: string) =>
  verify('sha384', bytes, { key: certificate.publicKey, dsaEncoding: 'der' }, Buffer.from(signatureBase64.replace(/\s+/g, ''), 'base64'));

function checkSignatureFile(files: Record<string, Uint8Array>, path: string, sa: X509Certificate): string {
  const sign = Buffer.from(files[path.replace(/\.XML$/, '.SIGN')]!).toString('utf8');
  const signature = elements(sign, 'digitalSignature')[0]!;
  const signer = signerOf(sign, signature.attrs.certificateRef!, sa);
  if (!isSigned(files[path]!, signer, signature.text)) throw new Error(`${path} does not match its signature`);
  return Buffer.from(files[path]!).toString('utf8');
}

/** One AES-128 block with the HW_ID as key (the dataset key in PERMIT.XML, 15-7.4). */
function unwrapKey(encryptedHex: string, hwId: string): Buffer {
  const d = createDecipheriv('aes-128-ecb', Buffer.from(hwId, 'hex'), null).setAutoPadding(false);
  return Buffer.concat([d.update(Buffer.from(encryptedHex, 'hex')), d.final()]);
}

/** AES-128-CBC, PKCS#7, the IV not sent: any IV, then the first (random) block dropped (15-6). */
function decryptDataset(data: Uint8Array, key: Buffer): Buffer {
  const d = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
  return Buffer.concat([d.update(data), d.final()]).subarray(16);
}

/** Opens a set as a device would: both signatures and their chain, every key, every dataset and its catalogue signature. */
function openSet(zip: Uint8Array, sa: X509Certificate, hwId: string, userPermit = s100PermitFor(HW_ID)) {
  const files = unzipSync(zip);
  const permit = checkSignatureFile(files, 'PERMIT.XML', sa);
  const catalogue = checkSignatureFile(files, 'S100_ROOT/CATALOG.XML', sa);
  expect(catalogue).toContain('xmlns:S100XC="http://www.iho.int/s100/xc/5.');
  expect(textOf(permit, 'userpermit')).toBe(userPermit);
  const keys = new Map(
    elements(permit, 'datasetPermit').map((p) => [
      textOf(p.text, 'filename')!,
      { key: unwrapKey(textOf(p.text, 'encryptedKey')!, hwId), edition: textOf(p.text, 'editionNumber'), expiry: textOf(p.text, 'expiry') },
    ]),
  );
  const datasets = new Map<string, Buffer>();
  for (const entry of elements(catalogue, 'S100_DatasetDiscoveryMetadata')) {
    const path = textOf(entry.text, 'fileName')!.replace(/^file:\/*/, '');
    const fileName = path.slice(path.lastIndexOf('/') + 1);
    expect(textOf(entry.text, 'dataProtection')).toBe('true');
    const permitEntry = keys.get(fileName.replace(/\.[^.]*$/, '')) ?? keys.get(fileName);
    if (!permitEntry) throw new Error(`no permit for ${fileName}`);
    expect(permitEntry.edition).toBe(textOf(entry.text, 'editionNumber'));
    const plain = decryptDataset(files[`S100_ROOT/${path}`]!, permitEntry.key);
    const signature = elements(entry.text, 'S100_SE_SignatureOnData')[0]!;
    if (!isSigned(plain, signerOf(catalogue, signature.attrs.certificateRef!, sa), signature.text))
      throw new Error(`${fileName}: not the bytes the data server signed`);
    datasets.set(fileName, plain);
  }
  return { datasets, keys, files };
}

// --- The chain ----------------------------------------------------------------------------------

describe('S-100 to the ship: adds100 → product → licence → redeem with an S-100 user permit → protected exchange set', () => {
  let t: TestApp;
  let sa: X509Certificate;
  let provider: Awaited<ReturnType<typeof loginProvider>>;
  let productId: number;
  const uploaded = new Map<string, Uint8Array>();
  const work = mkdtempSync(join(tmpdir(), 's100-chain-'));

  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    provider = await loginProvider(t, 'S-100 Office');
    uploaded.set(`${DEMO_S101_NAME}.000`, buildDemoS101Dataset());
    uploaded.set(`${DEMO_S101_NAME}.001`, buildDemoS101Update(1));
    await writeS104Grid(join(work, '104XX00WL001.h5'));
    uploaded.set('104XX00WL001.H5', readFileSync(join(work, '104XX00WL001.h5')));
    if (hasTestdata) uploaded.set('101FR00369300.000', readFileSync(testdataPath('s101/101FR00369300.000')));
    const parts: Part[] = [...uploaded].map(([filename, data]) => ({ name: 'files', filename, data }));
    const res = await postFiles(t, '/api/geocontent/adds100', provider.headers, [...parts, { name: 'gcid', value: String(provider.gcId) }]);
    if (res.statusCode !== 200) throw new Error(`adds100 failed: ${res.body}`);
    productId = (await seedProduct(t.database.db, { geocontentId: provider.gcId, licType: 'com', price: 10 })).id;
    const pem = await t.app.inject({ method: 'GET', url: '/api/app/v1/s100/scheme-administrator' });
    expect(pem.statusCode).toBe(200);
    expect(pem.headers['x-s100-test-scheme']).toBe('true');
    sa = new X509Certificate(pem.body);
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t.close();
  });

  async function redeem(payload: Record<string, unknown>, opts: { deviceId?: string; deviceCount?: number } = {}) {
    const user = await t.loginAs('user');
    const license = await seedLicense(t.database.db, { productId, userId: user.id, deviceCount: opts.deviceCount ?? 1, months: 12 });
    const deviceId = opts.deviceId ?? `SHIP-${Math.random().toString(36).slice(2, 8)}`;
    const code = await createActivation(t, deviceId, user.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId, platformId: 1, applicationTypeId: 101, ...payload },
    });
    return { res, user, license, deviceId, headers: { authorization: `Bearer ${res.json().token as string}` } };
  }
  const s100Set = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/app/v1/s100/exchange-sets', headers, payload });
  const download = async (headers: Record<string, string>, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return new Uint8Array(res.rawPayload);
  };

  it('delivers every licensed dataset, verified from the standard, for the HW_ID of the user permit only; 304 when current', async () => {
    const { res, headers, license } = await redeem({ s100UserPermit: s100PermitFor(HW_ID) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hwId: null, s100HwId: HW_ID });
    // An S-100-only device has no S-63 HW_ID: S-63 sets are refused by name; its licence file still comes.
    const s63 = await t.app.inject({ method: 'POST', url: '/api/app/v1/exchange-sets', headers, payload: { productVersions: [] } });
    expect(s63.statusCode).toBe(409);
    expect(s63.json().code).toBe('user_permit_missing');
    const licenceFile = await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers });
    expect(licenceFile.statusCode).toBe(200);

    const entitled = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers })).json();
    // The licence file names the same datasets, so the app can tell offline which it may open.
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/app/v1/keys' })).json() as JSONWebKeySet;
    const { payload: licence } = await jwtVerify(licenceFile.body, createLocalJWKSet(jwks));
    expect(licence.s100Datasets).toEqual(
      [...entitled.s100Datasets]
        .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name))
        .map(({ product, name, edition, update }: { product: string; name: string; edition: number; update: number }) => ({
          product,
          name,
          edition,
          update,
        })),
    );
    expect(licence.s100Datasets).toEqual(expect.arrayContaining([{ product: 'S-101', name: DEMO_S101_NAME, edition: 1, update: 1 }]));
    const names = [...new Set([...uploaded.keys()].map((f) => f.replace(/\.[^.]*$/, '')))].sort();
    expect(entitled.s100Datasets.map((d: { name: string }) => d.name).sort()).toEqual(names);
    expect(entitled.s100Datasets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product: 'S-101', name: DEMO_S101_NAME, edition: 1, update: 1 }),
        expect.objectContaining({ product: 'S-104', name: '104XX00WL001', edition: 1, update: 0 }),
      ]),
    );

    const made = await s100Set(headers, { productNames: [...names, 'NOSUCHDATASET'] });
    expect(made.statusCode, made.body).toBe(201);
    const result = made.json();
    expect(result.notIncluded).toEqual([{ name: 'NOSUCHDATASET', reason: 'unknown' }]);
    const zip = await download(headers, result.url);
    expect(zip.length).toBe(result.size);

    const opened = openSet(zip, sa, HW_ID);
    expect([...opened.datasets.keys()].sort()).toEqual([...uploaded.keys()].sort());
    for (const [name, bytes] of uploaded) expect(Buffer.compare(opened.datasets.get(name)!, Buffer.from(bytes)), name).toBe(0);
    // One key per dataset edition: the base and its update share the permit named without extension.
    expect(opened.keys.has(DEMO_S101_NAME)).toBe(true);
    // The permits expire with the licence.
    expect(opened.keys.get(DEMO_S101_NAME)!.expiry).toBe(license.expiresAt!.toISOString().slice(0, 10));

    // Another system's HW_ID unwraps other keys: no dataset comes out as it was uploaded.
    const files = opened.files;
    const permit = Buffer.from(files['PERMIT.XML']!).toString('utf8');
    const catalogue = Buffer.from(files['S100_ROOT/CATALOG.XML']!).toString('utf8');
    for (const entry of elements(catalogue, 'S100_DatasetDiscoveryMetadata')) {
      const path = textOf(entry.text, 'fileName')!;
      const fileName = path.slice(path.lastIndexOf('/') + 1);
      const p = elements(permit, 'datasetPermit').find((x) =>
        [fileName, fileName.replace(/\.[^.]*$/, '')].includes(textOf(x.text, 'filename')!),
      )!;
      const wrongKey = unwrapKey(textOf(p.text, 'encryptedKey')!, OTHER_HW_ID);
      let plain: Buffer | null = null;
      try {
        plain = decryptDataset(files[`S100_ROOT/${path}`]!, wrongKey);
      } catch {
        plain = null; // bad padding: the usual outcome
      }
      expect(plain !== null && Buffer.compare(plain, Buffer.from(uploaded.get(fileName)!)) === 0, fileName).toBe(false);
    }

    // The device holds every version now.
    const held = entitled.s100Datasets.map((d: { name: string; edition: number; update: number }) => ({
      productName: d.name,
      editionNumber: d.edition,
      updateNumber: d.update,
    }));
    expect((await s100Set(headers, { productVersions: held })).statusCode).toBe(304);
    expect((await s100Set(headers, { updatesSince: '2000-01-01T00:00:00Z' })).statusCode).toBe(304);

    // The provider publishes update 2: the device asks for what came after its version and gets the update alone.
    uploaded.set(`${DEMO_S101_NAME}.002`, buildDemoS101Update(2));
    const up = await postFiles(t, '/api/geocontent/adds100', provider.headers, [
      { name: 'files', filename: `${DEMO_S101_NAME}.002`, data: uploaded.get(`${DEMO_S101_NAME}.002`)! },
      { name: 'gcid', value: String(provider.gcId) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const since = await s100Set(headers, { updatesSince: result.serverTime });
    expect(since.statusCode, since.body).toBe(201);
    expect(since.json().datasets).toEqual([
      expect.objectContaining({ name: DEMO_S101_NAME, edition: 1, update: 2, files: [`${DEMO_S101_NAME}.002`] }),
    ]);
    const delta = openSet(await download(headers, since.json().url), sa, HW_ID);
    expect([...delta.datasets.keys()]).toEqual([`${DEMO_S101_NAME}.002`]);
    expect(Buffer.compare(delta.datasets.get(`${DEMO_S101_NAME}.002`)!, Buffer.from(uploaded.get(`${DEMO_S101_NAME}.002`)!))).toBe(0);
    // The update's key is the edition's: the same as in the first set.
    expect(delta.keys.get(DEMO_S101_NAME)!.key.equals(opened.keys.get(DEMO_S101_NAME)!.key)).toBe(true);
    expect((await s100Set(headers, { updatesSince: since.json().serverTime })).statusCode).toBe(304);

    // With Accept: application/zip the set itself.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/exchange-sets',
      headers: { ...headers, accept: 'application/zip' },
      payload: { productVersions: [{ productName: DEMO_S101_NAME, editionNumber: 1, updateNumber: 1 }] },
    });
    expect(direct.statusCode).toBe(200);
    expect([...openSet(new Uint8Array(direct.rawPayload), sa, HW_ID).datasets.keys()]).toEqual([`${DEMO_S101_NAME}.002`]);
  });

  it('lists datasets of another provider as not licensed, and refuses a device without an S-100 user permit until it adds one', async () => {
    const other = await loginProvider(t, 'Other S-100 Office');
    const up = await postFiles(t, '/api/geocontent/adds100', other.headers, [
      { name: 'files', filename: '101XX00ELSE01.000', data: buildDemoS101Dataset() },
      { name: 'gcid', value: String(other.gcId) },
    ]);
    // The demo dataset names itself 101XX00DEMO01 (DSNM): another geocontent holds a copy of it.
    expect(up.json().datasets[0].name).toBe(DEMO_S101_NAME);

    const { res, headers } = await redeem({ userPermit: userPermitFor('12345') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hwId: '12345', s100HwId: null });
    const refused = await s100Set(headers, { productNames: [DEMO_S101_NAME] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'user_permit_missing', message: expect.stringContaining('/api/app/v1/s100/user-permit') });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/user-permit',
      headers,
      payload: { s100UserPermit: `${s100PermitFor(OTHER_HW_ID).slice(0, 40)}XX9999` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      expect.objectContaining({ path: 'body.s100UserPermit', message: expect.stringContaining('"XX9999"') }),
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/s100/user-permit',
      headers,
      payload: { s100UserPermit: s100PermitFor(OTHER_HW_ID) },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ s100HwId: OTHER_HW_ID });

    const made = await s100Set(headers, { productNames: [DEMO_S101_NAME, 'NOSUCHDATASET'] });
    expect(made.statusCode, made.body).toBe(201);
    // Made for this device's HW_ID: the verifier opens it with that one.
    const files = unzipSync(await download(headers, made.json().url));
    expect(Buffer.from(files['PERMIT.XML']!).toString()).toContain(s100PermitFor(OTHER_HW_ID));

    // Nothing this device may have: the answer says why, with no set.
    const none = await s100Set(headers, { productNames: ['104XX00WL999', 'NOSUCHDATASET'] });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      id: null,
      url: null,
      notIncluded: [
        { name: '104XX00WL999', reason: 'unknown' },
        { name: 'NOSUCHDATASET', reason: 'unknown' },
      ],
    });
  });

  it('answers datasets of a product the device has no licence of as not licensed', async () => {
    const other = await loginProvider(t, 'Unlicensed Office');
    await writeS104Grid(join(work, '104XX00WL777.h5'));
    const up = await postFiles(t, '/api/geocontent/adds100', other.headers, [
      { name: 'files', filename: '104XX00WL777.h5', data: readFileSync(join(work, '104XX00WL777.h5')) },
      { name: 'gcid', value: String(other.gcId) },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    const { headers } = await redeem({ s100UserPermit: s100PermitFor(HW_ID) });
    const res = await s100Set(headers, { productNames: ['104XX00WL777'] });
    expect(res.json().notIncluded).toEqual([{ name: '104XX00WL777', reason: 'not_licensed' }]);
  });

  it('follows the licence: its device count holds for S-100 devices too, and an expired licence delivers nothing', async () => {
    const first = await redeem({ s100UserPermit: s100PermitFor(HW_ID) }, { deviceCount: 1 });
    expect(first.res.statusCode).toBe(200);
    const code = await createActivation(t, 'SECOND-SHIP', first.user.headers);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId: 'SECOND-SHIP', platformId: 1, applicationTypeId: 101, s100UserPermit: s100PermitFor(OTHER_HW_ID) },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('limit_exceeded');

    await t.database.db.execute(sql`update licenses set expires_at = now() - interval '1 day' where id = ${first.license.id}`);
    const after = await s100Set(first.headers, { productNames: [DEMO_S101_NAME] });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: null, notIncluded: [{ name: DEMO_S101_NAME, reason: 'not_licensed' }] });
    const entitled = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: first.headers })).json();
    expect(entitled.s100Datasets).toEqual([]);
  });

  it('moves to new hardware with its S-100 user permit: the next set is for the new HW_ID', async () => {
    const { res, headers } = await redeem({ s100UserPermit: s100PermitFor(HW_ID) });
    expect(res.statusCode).toBe(200);
    const swap = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/swap',
      headers,
      payload: { deviceId: 'NEW-HARDWARE', platformId: 1, s100UserPermit: s100PermitFor(OTHER_HW_ID) },
    });
    expect(swap.statusCode, swap.body).toBe(200);
    const moved = { authorization: `Bearer ${swap.json().token as string}` };
    const entitled = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: moved })).json();
    expect(entitled).toMatchObject({ hwId: null, s100HwId: OTHER_HW_ID, deviceId: 'NEW-HARDWARE' });
    const made = await s100Set(moved, { productNames: [DEMO_S101_NAME] });
    expect(made.statusCode, made.body).toBe(201);
    const opened = openSet(await download(moved, made.json().url), sa, OTHER_HW_ID, s100PermitFor(OTHER_HW_ID));
    expect(Buffer.compare(opened.datasets.get(`${DEMO_S101_NAME}.000`)!, Buffer.from(uploaded.get(`${DEMO_S101_NAME}.000`)!))).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers })).statusCode).toBe(401);
  });

  it('refuses a bad checksum, an unknown M_ID and a wrong length at redeem, naming the problem', async () => {
    const good = s100PermitFor(HW_ID);
    const flipped = `${good[0] === 'A' ? 'B' : 'A'}${good.slice(1)}`;
    const checksum = await redeem({ s100UserPermit: flipped });
    expect(checksum.res.statusCode).toBe(400);
    expect(checksum.res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('checksum does not match') });
    expect(checksum.res.json().details).toEqual([expect.objectContaining({ path: 'body.s100UserPermit' })]);

    const foreign = createUserPermit({ hwId: HW_ID, mKey: demoDeviceApplication.s100MKey, mId: 'ZZ0001' });
    const unknown = await redeem({ s100UserPermit: foreign });
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json().message).toContain('"ZZ0001"');

    const short = await redeem({ s100UserPermit: good.slice(0, 45) });
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json().details).toEqual([
      expect.objectContaining({ path: 'body.s100UserPermit', message: expect.stringContaining('46 characters') }),
    ]);

    const none = await redeem({});
    expect(none.res.statusCode).toBe(400);
    expect(none.res.json().details).toEqual([expect.objectContaining({ message: expect.stringContaining('s100UserPermit') })]);
  });

  it('makes one test scheme administrator for every process of an installation, sealed in the database', async () => {
    const box = createSecretBox(t.app.config.dataKey);
    const dirs = [mkdtempSync(join(tmpdir(), 's100-ds-a-')), mkdtempSync(join(tmpdir(), 's100-ds-b-'))];
    try {
      const config = (dataDir: string) => ({ ...t.app.config, dataDir });
      const servers = await Promise.all(dirs.map((d) => loadS100DataServer(config(d), { db: t.database.db, box })));
      for (const [i, s] of servers.entries()) {
        expect(new X509Certificate(s.schemeAdministratorPem).fingerprint256).toBe(sa.fingerprint256);
        expect(s.identity.certificate.checkIssued(sa)).toBe(true);
        expect(readFileSync(join(dirs[i]!, 's100-scheme-administrator.pem'), 'utf8')).toBe(s.schemeAdministratorPem);
      }
      // The private key is in the database only sealed.
      const rows = await t.database.db.execute(sql`select value from shared_secrets where name = 's100-local-data-server'`);
      expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('a configured S-100 data server (S100_SA_CERT_FILE, S100_DS_CERT_FILE, S100_DS_KEY_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 's100-pki-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes the configured scheme administrator; a key of another certificate, or two files of three, stop the start', async () => {
    const pki = createTestPki({ dataServerName: 'Configured Office' });
    const other = createTestPki({ dataServerName: 'Someone Else' });
    const files = {
      sa: join(dir, 'sa.pem'),
      cert: join(dir, 'ds.pem'),
      key: join(dir, 'ds-key.pem'),
      otherKey: join(dir, 'other-key.pem'),
    };
    writeFileSync(files.sa, pki.schemeAdministrator.certificatePem);
    writeFileSync(files.cert, pki.dataServer.certificatePem);
    writeFileSync(files.key, pki.dataServer.privateKeyPem);
    writeFileSync(files.otherKey, other.dataServer.privateKeyPem);

    const t = await buildTestApp({ S100_SA_CERT_FILE: files.sa, S100_DS_CERT_FILE: files.cert, S100_DS_KEY_FILE: files.key });
    try {
      const pem = await t.app.inject({ method: 'GET', url: '/api/app/v1/s100/scheme-administrator' });
      expect(pem.headers['x-s100-test-scheme']).toBe('false');
      expect(new X509Certificate(pem.body).fingerprint256).toBe(new X509Certificate(pki.schemeAdministrator.certificatePem).fingerprint256);
      // What a start with a wrong setting meets (checked before the portal listens).
      const store = { db: t.database.db, box: createSecretBox(t.app.config.dataKey) };
      const base = { ...t.app.config, S100_SA_CERT_FILE: files.sa, S100_DS_CERT_FILE: files.cert };
      await expect(loadS100DataServer({ ...base, S100_DS_KEY_FILE: files.otherKey }, store)).rejects.toThrow(
        /does not belong to the data server certificate/,
      );
      await expect(loadS100DataServer({ ...base, S100_DS_KEY_FILE: undefined }, store)).rejects.toThrow(/go together/);
    } finally {
      await t.close();
    }
  });
});
