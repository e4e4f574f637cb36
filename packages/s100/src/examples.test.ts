// The app-maker examples of the README, run against a set this package builds: the Node one always,
// the Python one where Python has the `cryptography` package. The README must show them as they are.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { createTestPki, loadDataServerIdentity } from './certificates.js';
import { buildProtectedExchangeSet, type ProtectedDatasetInput } from './exchange-set-builder.js';
import { createUserPermit } from './user-permit.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeExample = join(packageDir, 'examples/verify-and-decrypt.mjs');
const pythonExample = join(packageDir, 'examples/verify_and_decrypt.py');
const hasPythonCryptography = spawnSync('python3', ['-c', 'import cryptography']).status === 0;
const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
let dir: string;
let datasets: ProtectedDatasetInput[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 's100-examples-'));
  const pki = createTestPki({ dataServerName: 'Chartroom Test' });
  writeFileSync(join(dir, 'sa.pem'), pki.schemeAdministrator.certificatePem);
  const identity = loadDataServerIdentity({
    schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
    dataServerCertificatePem: pki.dataServer.certificatePem,
    dataServerKeyPem: pki.dataServer.privateKeyPem,
  });
  const base = { edition: 2, issueDate: '2026-03-01', expiry: '2027-12-31' };
  datasets = [
    {
      ...base,
      product: 'S-101',
      fileName: '101AA00DS0001.000',
      update: 0,
      data: hasTestdata ? readFileSync(testdataPath('s101/101FR0067126A.000')) : Buffer.alloc(5000, 1),
    },
    { ...base, product: 'S-101', fileName: '101AA00DS0001.001', update: 1, data: Buffer.from('update 1') },
    { ...base, product: 'S-102', fileName: '102AA00GRID.h5', update: 0, data: Buffer.alloc(1234, 9) },
  ];
  const chunks: Uint8Array[] = [];
  await buildProtectedExchangeSet(
    {
      datasets,
      device: { hwId: HW_ID, userPermit: createUserPermit({ hwId: HW_ID, mKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5', mId: 'CR0101' }) },
      dataServer: { identity, name: 'Chartroom Test', identifier: 'CR' },
    },
    (c) => void chunks.push(c),
  );
  writeFileSync(join(dir, 'set.zip'), Buffer.concat(chunks));
  for (const [name, data] of Object.entries(unzipSync(Buffer.concat(chunks)))) {
    mkdirSync(dirname(join(dir, 'set', name)), { recursive: true });
    writeFileSync(join(dir, 'set', name), data);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectDecrypted(out: string): void {
  for (const d of datasets) {
    expect(
      readFileSync(join(dir, out, `${d.product}/DATASET_FILES/${d.fileName}`)).equals(Buffer.from(d.data as Uint8Array)),
      d.fileName,
    ).toBe(true);
  }
}

describe('the README examples for app makers', () => {
  it('are in the README as they are run', () => {
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    expect(readme).toContain(readFileSync(nodeExample, 'utf8'));
    expect(readme).toContain(readFileSync(pythonExample, 'utf8'));
  });

  it('Node: verifies and decrypts the set, and refuses another HW_ID', () => {
    const ok = spawnSync(process.execPath, [nodeExample, join(dir, 'set'), join(dir, 'sa.pem'), HW_ID, join(dir, 'node-out')], {
      encoding: 'utf8',
    });
    expect(ok.stderr).toBe('');
    expect(ok.status, ok.stdout).toBe(0);
    expect(ok.stdout).toContain('PERMIT.XML: signature valid');
    expectDecrypted('node-out');
    const other = spawnSync(
      process.execPath,
      [nodeExample, join(dir, 'set'), join(dir, 'sa.pem'), '00000000000000000000000000000001', join(dir, 'node-other')],
      { encoding: 'utf8' },
    );
    expect(other.status).toBe(1);
    expect(other.stdout).not.toContain('decrypted and verified');
  });

  // CI (REQUIRE_TESTDATA=1) has Python with the cryptography package, so there the example must run.
  it.skipIf(!hasPythonCryptography && process.env.REQUIRE_TESTDATA !== '1')(
    'Python: verifies and decrypts the set, and refuses another HW_ID',
    () => {
      expect(hasPythonCryptography, 'python3 with the cryptography package (Debian python3-cryptography)').toBe(true);
      const ok = spawnSync('python3', [pythonExample, join(dir, 'set.zip'), join(dir, 'sa.pem'), HW_ID, join(dir, 'py-out')], {
        encoding: 'utf8',
      });
      expect(ok.stderr).toBe('');
      expect(ok.status, ok.stdout).toBe(0);
      expectDecrypted('py-out');
      const other = spawnSync(
        'python3',
        [pythonExample, join(dir, 'set.zip'), join(dir, 'sa.pem'), '00000000000000000000000000000001', join(dir, 'py-other')],
        { encoding: 'utf8' },
      );
      expect(other.status).toBe(1);
      expect(other.stdout).not.toContain('decrypted and verified');
    },
  );
});
