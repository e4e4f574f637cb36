// The protected exchange set checked by a verifier written here from S-100 Part 15 with Node's
// crypto alone (and fflate to unzip): nothing of this package reads the set back.
import { X509Certificate, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { loadDataServerIdentity, createTestPki, type TestPki } from './certificates.js';
import {
  buildProtectedExchangeSet,
  type BuildProtectedExchangeSetOptions,
  type ProtectedDatasetInput,
  type ProtectedExchangeSetReport,
} from './exchange-set-builder.js';
import { createUserPermit } from './user-permit.js';

const M_KEY = 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5';
const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
const OTHER_HW_ID = '00000000000000000000000000000001';

// --- the independent verifier -------------------------------------------------------------------

/** Elements by local name, whatever their prefix: [attributes, text]. */
function elements(xml: string, name: string): { attrs: Record<string, string>; text: string }[] {
  const re = new RegExp(`<(?:[\\w-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`, 'g');
  return [...xml.matchAll(re)].map((m) => ({
    attrs: Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    text: (m[2] ?? '').trim(),
  }));
}
const first = (xml: string, name: string): string => elements(xml, name)[0]?.text ?? '';

function aesEcbDecrypt(key: Buffer, block: Buffer): Buffer {
  const d = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([d.update(block), d.final()]);
}

/** Part 15 15-6: AES-128-CBC, any IV, PKCS#7; the first decrypted block is the random one. */
function decryptDatasetFile(encrypted: Uint8Array, key: Buffer): Buffer {
  const d = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
  return Buffer.concat([d.update(encrypted), d.final()]).subarray(16);
}

/** A standalone signature file checked against the file it signs and the trusted scheme administrator. */
function checkSignatureFile(sign: string, signed: Uint8Array, trusted: X509Certificate): X509Certificate {
  const ref = elements(sign, 'digitalSignature')[0]!.attrs.certificateRef;
  const entry = elements(sign, 'certificate').find((c) => c.attrs.id === ref)!;
  const certificate = new X509Certificate(Buffer.from(entry.text, 'base64'));
  expect(entry.attrs.issuer).toBe(elements(sign, 'schemeAdministrator')[0]!.attrs.id);
  expect(certificate.checkIssued(trusted)).toBe(true);
  expect(certificate.verify(trusted.publicKey)).toBe(true);
  const signature = Buffer.from(first(sign, 'digitalSignature'), 'base64');
  expect(verify('sha384', signed, { key: certificate.publicKey, dsaEncoding: 'der' }, signature)).toBe(true);
  return certificate;
}

interface Verified {
  plain: Map<string, Buffer>;
  catalogue: string;
}

function verifySet(zip: Uint8Array, trustedPem: string, hwId: string): Verified {
  const files = unzipSync(zip);
  const trusted = new X509Certificate(trustedPem);
  const text = (name: string): string => new TextDecoder().decode(files[name]);
  const permitXml = files['PERMIT.XML']!;
  const server = checkSignatureFile(text('PERMIT.SIGN'), permitXml, trusted);
  expect(first(text('PERMIT.SIGN'), 'filename')).toBe('PERMIT.XML');
  const catalogue = text('S100_ROOT/CATALOG.XML');
  checkSignatureFile(text('S100_ROOT/CATALOG.SIGN'), files['S100_ROOT/CATALOG.XML']!, trusted);
  const keys = new Map(
    elements(text('PERMIT.XML'), 'datasetPermit').map((p) => [
      first(p.text, 'filename'),
      aesEcbDecrypt(Buffer.from(hwId, 'hex'), Buffer.from(first(p.text, 'encryptedKey'), 'hex')),
    ]),
  );
  const plain = new Map<string, Buffer>();
  for (const entry of elements(catalogue, 'S100_DatasetDiscoveryMetadata')) {
    const fileName = first(entry.text, 'fileName');
    const encrypted = files[`S100_ROOT/${fileName}`];
    expect(encrypted, fileName).toBeDefined();
    const base = fileName.slice(fileName.lastIndexOf('/') + 1);
    const key = keys.get(base.replace(/\.[^.]*$/, ''));
    expect(key, `permit for ${base}`).toBeDefined();
    const data = decryptDatasetFile(encrypted!, key!);
    const signature = elements(entry.text, 'S100_SE_SignatureOnData')[0]!;
    expect(signature.attrs.dataStatus).toBe('unencrypted');
    expect(verify('sha384', data, { key: server.publicKey, dsaEncoding: 'der' }, Buffer.from(signature.text, 'base64'))).toBe(true);
    plain.set(base, data);
  }
  return { plain, catalogue };
}

// --- the sets under test ------------------------------------------------------------------------

let pki: TestPki;
let options: Omit<BuildProtectedExchangeSetOptions, 'datasets'>;

async function build(
  datasets: ProtectedDatasetInput[],
  extra: Partial<BuildProtectedExchangeSetOptions> = {},
): Promise<{ zip: Uint8Array; report: ProtectedExchangeSetReport }> {
  const chunks: Uint8Array[] = [];
  const report = await buildProtectedExchangeSet({ ...options, datasets, ...extra }, (c) => void chunks.push(c));
  return { zip: Buffer.concat(chunks), report };
}

const dataset = (fileName: string, data: Uint8Array, more: Partial<ProtectedDatasetInput> = {}): ProtectedDatasetInput => ({
  product: fileName.startsWith('102') ? 'S-102' : 'S-101',
  fileName,
  edition: 1,
  update: 0,
  issueDate: '2026-03-01',
  expiry: '2027-12-31',
  bbox: { west: -5, south: 48, east: -4, north: 49 },
  data,
  ...more,
});

beforeAll(() => {
  pki = createTestPki({ dataServerName: 'Chartroom Test', country: 'GB' });
  const identity = loadDataServerIdentity({
    schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
    dataServerCertificatePem: pki.dataServer.certificatePem,
    dataServerKeyPem: pki.dataServer.privateKeyPem,
  });
  options = {
    device: { hwId: HW_ID, userPermit: createUserPermit({ hwId: HW_ID, mKey: M_KEY, mId: 'CR0101' }) },
    dataServer: { identity, name: 'Chartroom Test', identifier: 'CR' },
    date: new Date('2026-03-02T10:00:00Z'),
  };
});

describe('a Part 15 protected exchange set', () => {
  it('opens for its HW_ID with nothing but the standard and Node: signatures, chain, keys, datasets', async () => {
    const small = [
      dataset('101AA00SMALL1.000', randomBytes(5)),
      dataset('101AA00SMALL2.000', randomBytes(70_000)),
      dataset('102AA00GRID.h5', randomBytes(16)),
    ];
    const { zip, report } = await build(small);
    const { plain } = verifySet(zip, pki.schemeAdministrator.certificatePem, HW_ID);
    expect([...plain.keys()]).toEqual(small.map((d) => d.fileName));
    for (const d of small) expect(plain.get(d.fileName)!.equals(d.data as Uint8Array)).toBe(true);
    expect(report.datasets.map((d) => d.plainSize)).toEqual([5, 70_000, 16]);
    expect(report.size).toBe(zip.length);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual([
      'PERMIT.SIGN',
      'PERMIT.XML',
      'S100_ROOT/CATALOG.SIGN',
      'S100_ROOT/CATALOG.XML',
      'S100_ROOT/S-101/DATASET_FILES/101AA00SMALL1.000',
      'S100_ROOT/S-101/DATASET_FILES/101AA00SMALL2.000',
      'S100_ROOT/S-102/DATASET_FILES/102AA00GRID.h5',
    ]);
  });

  it('does not open for another HW_ID', async () => {
    const { zip } = await build([dataset('101AA00SMALL1.000', randomBytes(4000))]);
    expect(() => verifySet(zip, pki.schemeAdministrator.certificatePem, OTHER_HW_ID)).toThrow();
  });

  it('is refused by a client that trusts another scheme administrator, or when PERMIT.XML is changed', async () => {
    const { zip } = await build([dataset('101AA00SMALL1.000', randomBytes(100))]);
    const other = createTestPki({ dataServerName: 'Other' });
    expect(() => verifySet(zip, other.schemeAdministrator.certificatePem, HW_ID)).toThrow();
    const files = unzipSync(zip);
    const permit = Buffer.from(files['PERMIT.XML']!);
    permit[permit.indexOf('2027-12-31') + 3] = '8'.charCodeAt(0); // the expiry pushed a year
    const signature = Buffer.from(first(new TextDecoder().decode(files['PERMIT.SIGN']), 'digitalSignature'), 'base64');
    const server = new X509Certificate(pki.dataServer.certificatePem);
    expect(verify('sha384', permit, { key: server.publicKey, dsaEncoding: 'der' }, signature)).toBe(false);
  });

  it('gives a base dataset and its update one key and one permit, and keeps a key the caller gives', async () => {
    const key = randomBytes(16);
    const { zip, report } = await build([
      dataset('101AA00DS0001.000', randomBytes(300), { edition: 3, key }),
      dataset('101AA00DS0001.001', randomBytes(40), { edition: 3, update: 1 }),
    ]);
    const permits = elements(new TextDecoder().decode(unzipSync(zip)['PERMIT.XML']), 'datasetPermit');
    expect(permits).toHaveLength(1);
    expect(first(permits[0]!.text, 'filename')).toBe('101AA00DS0001');
    expect(first(permits[0]!.text, 'editionNumber')).toBe('3');
    expect(report.keys).toEqual([{ product: 'S-101', name: '101AA00DS0001', edition: 3, key: new Uint8Array(key) }]);
    const { plain, catalogue } = verifySet(zip, pki.schemeAdministrator.certificatePem, HW_ID);
    expect(plain.size).toBe(2);
    expect(elements(catalogue, 'purpose').map((p) => p.text)).toEqual(['newEdition', 'update']);
  });

  it('reads datasets from streams, one at a time', async () => {
    const bytes = randomBytes(3 << 20);
    let opened = 0;
    const source = async function* (): AsyncGenerator<Uint8Array> {
      opened++;
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    };
    const { zip } = await build([
      dataset('101AA00BIG.000', new Uint8Array(0), { data: source }),
      dataset('101AA00BIG2.000', new Uint8Array(0), { data: source }),
    ]);
    expect(opened).toBe(2);
    const { plain } = verifySet(zip, pki.schemeAdministrator.certificatePem, HW_ID);
    expect(plain.get('101AA00BIG2.000')!.equals(bytes)).toBe(true);
  });

  it('refuses what cannot make a valid set, naming it', async () => {
    await expect(build([])).rejects.toThrow(/at least one dataset/);
    await expect(build([dataset('../evil.000', randomBytes(1))])).rejects.toThrow(/file name/);
    await expect(build([dataset('101AA00X.000', randomBytes(1)), dataset('101AA00X.000', randomBytes(1))])).rejects.toThrow(/twice/);
    await expect(
      build([dataset('101AA00X.000', randomBytes(1)), dataset('101AA00X.001', randomBytes(1), { edition: 2, update: 1 })]),
    ).rejects.toThrow(/editions 1 and 2/);
    await expect(build([dataset('101AA00X.000', randomBytes(1))], { device: { hwId: HW_ID, userPermit: 'nonsense' } })).rejects.toThrow(
      /46 characters/,
    );
  });

  it.skipIf(!hasTestdata)('protects the five real S-101 datasets of the corpus byte for byte', async () => {
    const names = readdirSync(testdataPath('s101')).filter((n) => n.endsWith('.000'));
    expect(names).toHaveLength(5);
    const datasets = names.map((n) => dataset(n, readFileSync(testdataPath('s101', n)), { producer: { name: 'SHOM', code: 'FR00' } }));
    const { zip } = await build(datasets);
    const { plain } = verifySet(zip, pki.schemeAdministrator.certificatePem, HW_ID);
    for (const d of datasets) expect(plain.get(d.fileName)!.equals(d.data as Uint8Array), d.fileName).toBe(true);
  });
});
