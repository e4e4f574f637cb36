import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { resolveInside, writeExchangeSet, writeFileInside } from './node.js';
import { writePermitFile } from './permit-file.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 's63-node-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writing to a folder', () => {
  it('refuses paths that leave the folder', () => {
    const dir = tempDir();
    for (const bad of ['../x', 'a/../../x', '/tmp/x', '..\\x', '']) {
      expect(() => resolveInside(dir, bad)).toThrow(S63Error);
    }
    expect(resolveInside(dir, 'a/b/C.000')).toBe(join(dir, 'a', 'b', 'C.000'));
    writeFileInside(dir, 'a/b/C.000', new Uint8Array([1, 2]));
    expect(Array.from(readFileSync(join(dir, 'a/b/C.000')))).toEqual([1, 2]);
  });

  it('decrypts an exchange set into a folder, keeping paths or flat', () => {
    const key = new Uint8Array([9, 8, 7, 6, 5]);
    const plain = new Uint8Array(2048).map((_, i) => i % 251);
    const zip = buildExchangeSet({
      cells: [
        { name: 'XX4EEEEE', edition: 2, update: 0, encrypted: encryptCell(plain, 'XX4EEEEE.000', key) },
        { name: 'XX4FFFFF', edition: 1, update: 0, encrypted: encryptCell(plain, 'XX4FFFFF.000', key) },
      ],
      permitText: writePermitFile({
        enc: [{ permit: createCellPermit({ cellName: 'XX4EEEEE', expiry: '20991231', ck1: key, ck2: key, hwId: '0F0F0' }) }],
      }),
    });
    const dir = tempDir();
    const set = writeExchangeSet(zip, dir, { hwId: '0F0F0' });
    expect(set.cells.map((c) => c.status)).toEqual(['decrypted', 'no_permit']);
    expect(set.cells[0]!.data).toBeUndefined();
    expect(set.written).toEqual([join(dir, 'V01X01/ENC_ROOT/XX/XX4EEEEE/2/0/XX4EEEEE.000')]);
    expect(readFileSync(set.written[0]!)).toEqual(Buffer.from(plain));
    const flatDir = tempDir();
    writeExchangeSet(zip, flatDir, { hwId: '0F0F0', flat: true });
    expect(existsSync(join(flatDir, 'XX4EEEEE.000'))).toBe(true);
    expect(existsSync(join(flatDir, 'XX4FFFFF.000'))).toBe(false);
  });
});
