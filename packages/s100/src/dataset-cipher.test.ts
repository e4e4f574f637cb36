import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDatasetKey, decryptDataset, decryptDatasetStream, encryptDataset, encryptDatasetStream } from './dataset-cipher.js';
import { isS100Error } from './errors.js';

/** Part 15 decryption written from the standard with Node alone: AES-128-CBC, any IV, drop the first block, PKCS#7. */
function standardDecrypt(encrypted: Uint8Array, key: Uint8Array): Buffer {
  const d = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
  return Buffer.concat([d.update(encrypted), d.final()]).subarray(16);
}

async function* chunked(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

describe('Part 15 dataset encryption', () => {
  it('prepends a random block, pads with PKCS#7, and decrypts with any IV', () => {
    const key = createDatasetKey();
    for (const size of [0, 1, 15, 16, 17, 4096, 100_003]) {
      const plain = randomBytes(size);
      const encrypted = encryptDataset(plain, key);
      // One random block, the data, and 1-16 bytes of padding.
      expect(encrypted.length).toBe(16 + (Math.floor(size / 16) + 1) * 16);
      expect(standardDecrypt(encrypted, key).equals(plain)).toBe(true);
      expect(Buffer.from(decryptDataset(encrypted, key)).equals(plain)).toBe(true);
    }
  });

  it('reads what a Part 15 encryptor written with Node alone makes', () => {
    const key = randomBytes(16);
    const plain = randomBytes(5000);
    const c = createCipheriv('aes-128-cbc', key, randomBytes(16));
    const encrypted = Buffer.concat([c.update(randomBytes(16)), c.update(plain), c.final()]);
    expect(Buffer.from(decryptDataset(encrypted, key)).equals(plain)).toBe(true);
  });

  it('never encrypts the same dataset twice alike (random IV and first block)', () => {
    const key = createDatasetKey();
    const plain = Buffer.alloc(64, 7);
    expect(Buffer.from(encryptDataset(plain, key)).equals(Buffer.from(encryptDataset(plain, key)))).toBe(false);
  });

  it('streams in chunks of any size to the same bytes', async () => {
    const key = createDatasetKey();
    const plain = randomBytes(70_001);
    const encrypted = await collect(encryptDatasetStream(chunked(plain, [1, 7, 16, 33, 4096]), key));
    expect(standardDecrypt(encrypted, key).equals(plain)).toBe(true);
    const back = await collect(decryptDatasetStream(chunked(encrypted, [3, 16, 5, 999]), key));
    expect(back.equals(plain)).toBe(true);
  });

  it('refuses another key (bad padding) and a truncated file', () => {
    const encrypted = encryptDataset(randomBytes(1000), createDatasetKey());
    let wrong = 0;
    for (let i = 0; i < 20; i++) {
      try {
        decryptDataset(encrypted, createDatasetKey());
      } catch (err) {
        if (isS100Error(err) && err.code === 'wrong_key') wrong++;
      }
    }
    // A wrong key passes the padding check about once in 256 tries.
    expect(wrong).toBeGreaterThanOrEqual(18);
    expect(() => decryptDataset(encrypted.subarray(0, encrypted.length - 5), createDatasetKey())).toThrow(/whole number of 16-byte blocks/);
    expect(() => decryptDataset(encrypted.subarray(0, 16), createDatasetKey())).toThrow(/at least 2/);
  });
});
