import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { Blowfish } from './blowfish.js';
import { fromHex, pad8 } from './bytes.js';
import { decryptCell, encryptCell, encryptPaddedZippedCellInPlace, encryptZippedCell } from './cell-crypto.js';
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof S63Error ? err.code : 'not-an-S63Error';
  }
  return undefined;
}

const fakeCell = (size: number): Uint8Array => {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 5)) & 0xff;
  return data;
};

describe.skipIf(!hasTestdata)('test-kit cell NO4D0512', () => {
  const encrypted = (): Uint8Array => readFileSync(testdataPath('s63/NO4D0512_encrypted.000'));
  const expected = (): Uint8Array => readFileSync(testdataPath('s63/derived/NO4D0512.000'));

  it('decrypts with CK1 to exactly derived/NO4D0512.000', () => {
    const cell = decryptCell(encrypted(), ['9C467D359D', '27737811B4']);
    expect(cell.fileName).toBe('NO4D0512.000');
    expect(cell.keyIndex).toBe(0);
    expect(cell.data.length).toBe(5803);
    expect(crc32(cell.data)).toBe(0xbe92e89d);
    expect(Buffer.from(cell.data).equals(expected())).toBe(true);
  });

  it('falls back to the second key when the first is wrong (key rotation)', () => {
    const cell = decryptCell(encrypted(), ['27737811B4', '9C467D359D']);
    expect(cell.keyIndex).toBe(1);
    expect(Buffer.from(cell.data).equals(expected())).toBe(true);
  });

  it('recognises CK2 alone as the wrong key', () => {
    expect(codeOf(() => decryptCell(encrypted(), ['27737811B4']))).toBe('wrong_key');
  });

  it('ends with a full 08 padding block under CK1', () => {
    const plain = new Blowfish(fromHex('9C467D359D')).ecb(encrypted(), true);
    expect(Array.from(plain.subarray(-8))).toEqual([8, 8, 8, 8, 8, 8, 8, 8]);
  });
});

describe('cell encryption (fresh clone)', () => {
  it('round-trips random cells and random keys', () => {
    for (const size of [0, 1, 7, 8, 1000, 65_537]) {
      const key = crypto.getRandomValues(new Uint8Array(5));
      const plain = size === 65_537 ? fakeCell(size) : crypto.getRandomValues(new Uint8Array(size));
      const encrypted = encryptCell(plain, 'GB5X01NE.000', key);
      expect(encrypted.length % 8).toBe(0);
      const cell = decryptCell(encrypted, [key]);
      expect(cell.data).toEqual(plain);
      expect(cell.fileName).toBe('GB5X01NE.000');
    }
  });

  it('encrypts a padded zip in place to the same bytes as the copying path, in a buffer at an offset too', () => {
    const key = '0A0B0C0D0E';
    const zip = new Uint8Array(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(fakeCell(5000))]));
    const expected = encryptZippedCell(zip, key);
    const backing = new Uint8Array(16 + expected.length);
    const padded = backing.subarray(16);
    padded.set(pad8(zip));
    const result = encryptPaddedZippedCellInPlace(padded, key);
    expect(result).toBe(padded);
    expect(result).toEqual(expected);
    expect(backing.subarray(0, 16)).toEqual(new Uint8Array(16));
    expect(codeOf(() => encryptPaddedZippedCellInPlace(zip.subarray(0, 13), key))).toBe('invalid_argument');
  });

  it('reports a wrong key when neither key fits', () => {
    const encrypted = encryptCell(fakeCell(4000), 'GB5X01NE.001', '0102030405');
    expect(codeOf(() => decryptCell(encrypted, ['0102030406', 'FFFFFFFFFF']))).toBe('wrong_key');
    expect(decryptCell(encrypted, ['0102030406', '0102030405']).keyIndex).toBe(1);
  });

  it('reports damage as corrupt, not as a wrong key', () => {
    const key = '0A0B0C0D0E';
    const encrypted = encryptCell(fakeCell(20_000), 'GB5X01NE.000', key);
    expect(codeOf(() => decryptCell(encrypted.subarray(0, encrypted.length - 3), [key]))).toBe('corrupt');
    expect(codeOf(() => decryptCell(encrypted.subarray(0, encrypted.length - 8), [key]))).toBe('corrupt');
    const flipped = encrypted.slice();
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    expect(codeOf(() => decryptCell(flipped, [key]))).toBe('corrupt');
    expect(codeOf(() => decryptCell(new Uint8Array(0), [key]))).toBe('corrupt');
  });

  it('reports a well-padded file that is not a zip as a wrong key', () => {
    const key = fromHex('0102030405');
    const notZip = new Blowfish(key).ecb(pad8(fakeCell(100)), false);
    expect(codeOf(() => decryptCell(notZip, [key]))).toBe('wrong_key');
  });
});
