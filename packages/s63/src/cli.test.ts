import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { main, run } from './cli-run.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { writePermitFile } from './permit-file.js';

const NO4D0512 = 'NO4D051220040826F7B3814E59C84805D150D571B9BE53A637BD0B34F1F8F091';
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 's63-cli-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** Runs main() and captures what it writes. */
function capture(argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

describe('s63 command', () => {
  it('prints the test-kit user permit', () => {
    expect(run(['userpermit', '--hwid', '12345', '--mkey', '10121', '--mid', '10'])).toEqual({
      out: '66B5CBFDF7E4139D5B6086C23130',
      code: 0,
    });
  });

  it('decodes a cell permit, reporting expiry', () => {
    const valid = run(['permit', 'decode', NO4D0512, '--hwid', '12345', '--date', '20040101']).out;
    expect(valid).toContain('cell    NO4D0512');
    expect(valid).toContain('ck1     9C467D359D');
    expect(valid).toContain('ck2     27737811B4');
    expect(valid).toContain('status  valid');
    expect(run(['permit', 'decode', NO4D0512, '--hwid', '12345', '--date', '20050101']).out).toContain('status  expired');
  });

  it('encodes a cell permit', () => {
    const out = run([
      'permit',
      'encode',
      '--cell',
      'NO4D0512',
      '--expiry',
      '20040826',
      '--ck1',
      '9C467D359D',
      '--ck2',
      '27737811B4',
      '--hwid',
      '12345',
    ]);
    expect(out).toEqual({ out: NO4D0512, code: 0 });
  });

  it('fails with exit 2 and one line, no stack trace', () => {
    for (const argv of [
      ['permit', 'decode', NO4D0512, '--hwid', '12346'],
      ['permit', 'decode', 'AU22015020240101OJ5LR4WQMDQRYFM8L8J8DCAMJRWRD0LD2BGTCDGCVS60SEJR', '--hwid', '12345'],
      ['userpermit', '--hwid', '12345'],
      ['frobnicate'],
      ['permit', 'decode', NO4D0512, '--hwid', '12345', '--bogus'],
      ['decrypt', '/nonexistent/file.000', '--permit-file', '/nonexistent/PERMIT.TXT', '--hwid', '12345', '-o', '/tmp'],
    ]) {
      const { code, stdout, stderr } = capture(argv);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^s63: /);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(capture(['permit', 'decode', NO4D0512, '--hwid', '12346']).stderr).toMatch(/bad_checksum/);
  });

  it('lists and decrypts an exchange set (fresh clone), as text and JSON', () => {
    const dir = tempDir();
    const key = new Uint8Array([1, 2, 3, 4, 5]);
    const zipPath = join(dir, 'set.zip');
    writeFileSync(
      zipPath,
      buildExchangeSet({
        cells: [{ name: 'XX5AAAAA', edition: 3, update: 0, encrypted: encryptCell(new Uint8Array(100).fill(7), 'XX5AAAAA.000', key) }],
        permitText: writePermitFile({
          enc: [{ permit: createCellPermit({ cellName: 'XX5AAAAA', expiry: '20991231', ck1: key, ck2: key, hwId: '12345' }) }],
        }),
      }),
    );
    const text = run(['exchange-set', zipPath, '--hwid', '12345', '-o', join(dir, 'out')]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/XX5AAAAA\s+ed\s+3\s+upd\s+0\s+decrypted/);
    expect(readFileSync(join(dir, 'out/V01X01/ENC_ROOT/XX/XX5AAAAA/3/0/XX5AAAAA.000'))).toEqual(Buffer.from(new Uint8Array(100).fill(7)));
    const json = JSON.parse(run(['exchange-set', zipPath, '--hwid', '54321', '--json']).out);
    expect(json.cells[0]).toMatchObject({ name: 'XX5AAAAA', edition: 3, update: 0, status: 'wrong_key' });
  });
});

describe.skipIf(!hasTestdata)('s63 decrypt on the test-kit cell', () => {
  it('writes the plain cell, issued before its permit expired, with the SSE 25 warning', () => {
    const dir = tempDir();
    const args = [
      'decrypt',
      testdataPath('s63/NO4D0512_encrypted.000'),
      '--permit-file',
      testdataPath('s63/PERMIT.TXT'),
      '--hwid',
      '12345',
      '-o',
      dir,
    ];
    const expired = capture(args);
    expect(expired.code).toBe(0);
    expect(expired.stdout).toMatch(/warning NO4D0512\.000: SSE 25 - The ENC permit for this cell has expired/);
    const ok = run([...args, '--date', '20040826']);
    expect(ok.out).toMatch(/NO4D0512\.000 \(5803 bytes, decrypted with CK1\)/);
    expect(readFileSync(join(dir, 'NO4D0512.000')).equals(readFileSync(testdataPath('s63/derived/NO4D0512.000')))).toBe(true);
    expect(capture([...args, '--allow-expired']).code).toBe(0);
    expect(capture([...args.slice(0, -3), '12346', '-o', dir, '--allow-expired']).code).toBe(2);
  });
});
