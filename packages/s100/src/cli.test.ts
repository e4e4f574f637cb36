import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main, run } from './cli-run.js';

const M_KEY = 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5';
const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
let dir: string;
let userPermit: string;
const pkiArgs = (): string[] => [
  '--sa',
  join(dir, 'pki/scheme-administrator.pem'),
  '--ds-cert',
  join(dir, 'pki/data-server.pem'),
  '--ds-key',
  join(dir, 'pki/data-server-key.pem'),
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 's100-cli-'));
  await run(['pki', '-o', join(dir, 'pki'), '--name', 'Chartroom Test']);
  userPermit = (await run(['userpermit', '--hwid', HW_ID, '--mkey', M_KEY, '--mid', 'CR0101'])).out;
  writeFileSync(join(dir, '101AA00DS0001.000'), 'an S-101 base dataset');
  writeFileSync(join(dir, '101AA00DS0001.001'), 'its first update');
  writeFileSync(join(dir, '102AA00GRID.h5'), Buffer.alloc(4000, 3));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function capture(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

async function buildSet(name: string, extra: string[] = []): Promise<string> {
  const out = join(dir, name);
  const files = ['101AA00DS0001.000', '101AA00DS0001.001', '102AA00GRID.h5'].map((f) => join(dir, f));
  const r = await run([
    'build',
    '-o',
    out,
    ...pkiArgs(),
    '--hwid',
    HW_ID,
    '--user-permit',
    userPermit,
    '--expiry',
    '2027-12-31',
    '--issue-date',
    '2026-03-01',
    '--bbox=-5,48,-4,49',
    ...extra,
    ...files,
  ]);
  expect(r.code).toBe(0);
  return out;
}

describe('s100 command', () => {
  it('makes and decodes user permits', async () => {
    expect(userPermit).toMatch(/^[0-9A-F]{40}CR0101$/);
    const decoded = await run(['userpermit', 'decode', userPermit, '--mkey', M_KEY]);
    expect(decoded.out).toContain(`HW_ID           ${HW_ID}`);
    expect(decoded.out).toContain('(matches)');
  });

  it('fails on a bad permit with one line naming the problem, exit 2', async () => {
    const bad = `${userPermit.slice(0, 39)}${userPermit[39] === '0' ? '1' : '0'}${userPermit.slice(40)}`;
    const r = await capture(['userpermit', 'decode', bad]);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 's100: user_permit_checksum: the user permit checksum does not match (mistyped or damaged permit)\n',
    });
    expect((await capture(['userpermit', 'decode', 'ABC'])).stderr).toContain('user_permit_length');
    expect((await capture(['nonsense'])).code).toBe(2);
  });

  it('builds a set from files and opens it again, writing the datasets out', async () => {
    const set = await buildSet('set.zip', ['--name', 'Chartroom Test', '--ds-id', 'CR', '--id', 'CR-TEST-1']);
    const out = join(dir, 'out');
    const r = await capture([
      'exchange-set',
      set,
      '--sa',
      join(dir, 'pki/scheme-administrator.pem'),
      '--user-permit',
      userPermit,
      '--mkey',
      M_KEY,
      '-o',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('exchange set CR-TEST-1 (http://www.iho.int/s100/xc/5.2)');
    expect(r.stdout).toContain('PERMIT.XML  signature valid  by CN=Chartroom Test');
    expect(r.stdout).toContain('S100_ROOT/S-101/DATASET_FILES/101AA00DS0001.001 ed 1 upd 1  decrypted');
    expect(r.stdout).toContain('3 of 3 file(s) opened and verified');
    expect(readFileSync(join(out, 'S100_ROOT/S-101/DATASET_FILES/101AA00DS0001.001'), 'utf8')).toBe('its first update');
    expect(readFileSync(join(out, 'S100_ROOT/S-102/DATASET_FILES/102AA00GRID.h5'))).toEqual(Buffer.alloc(4000, 3));
    const json = JSON.parse((await run(['exchange-set', set, '--hwid', HW_ID, '--json'])).out);
    expect(json.permits[0].products.map((p: { productId: string }) => p.productId)).toEqual(['S-101', 'S-102']);
    expect(json.datasets.map((d: { status: string }) => d.status)).toEqual(['decrypted', 'decrypted', 'decrypted']);
  });

  it('reports, exit 1, what another HW_ID, another scheme administrator, a changed file or a late issue cannot open', async () => {
    const set = await buildSet('set2.zip');
    const otherHw = await run(['exchange-set', set, '--hwid', '00000000000000000000000000000001']);
    expect(otherHw.code).toBe(1);
    expect(otherHw.out).toMatch(/101AA00DS0001\.000 ed 1 upd 0 {2}wrong_key/);

    await run(['pki', '-o', join(dir, 'other'), '--name', 'Other']);
    const otherSa = await run(['exchange-set', set, '--sa', join(dir, 'other/scheme-administrator.pem'), '--hwid', HW_ID]);
    expect(otherSa.code).toBe(1);
    expect(otherSa.out).toContain('PERMIT.XML  signature untrusted');
    expect(otherSa.out).toContain('not issued by the trusted scheme administrator');

    const files = unzipSync(readFileSync(set));
    const tampered = Buffer.from(files['PERMIT.XML']!).toString().replace('2027-12-31', '2099-12-31');
    writeFileSync(join(dir, 'tampered.zip'), zipSync({ ...files, 'PERMIT.XML': new TextEncoder().encode(tampered) }));
    const changed = await run(['exchange-set', join(dir, 'tampered.zip'), '--hwid', HW_ID]);
    expect(changed.out).toContain('PERMIT.XML  signature invalid');
    expect(changed.out).toMatch(/101AA00DS0001\.000 ed 1 upd 0 {2}no_permit {2}PERMIT\.XML is not usable/);

    const late = await buildSet('late.zip', ['--expiry', '2026-01-01']);
    expect((await run(['exchange-set', late, '--hwid', HW_ID])).out).toContain(
      'permit_expired  issued 2026-03-01, after the permit expired on 2026-01-01',
    );
  });

  it('makes a test PKI whose keys only the owner can read', async () => {
    const { statSync } = await import('node:fs');
    expect(statSync(join(dir, 'pki/data-server-key.pem')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'pki/data-server.pem'), 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });
});
