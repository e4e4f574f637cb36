// Dataset encryption of S-100 Part 15 (clause 15-6): AES-128 in CBC mode with PKCS#7 padding, one
// random key per dataset edition (base dataset and its updates share it). The initialisation vector
// is not sent: the encryptor puts one random block in front of the data and uses a random IV; the
// decryptor uses any IV (zeros), which garbles only that first block, and drops it.
// Both directions stream: a dataset of any size passes through in chunks, in bounded memory.
import { createCipheriv, createDecipheriv, randomBytes, type Cipher, type Decipher } from 'node:crypto';
import { key16 } from './bytes.js';
import { S100Error } from './errors.js';

export const AES_BLOCK = 16;

/** A fresh random dataset key (16 bytes). */
export function createDatasetKey(): Uint8Array {
  return new Uint8Array(randomBytes(AES_BLOCK));
}

export interface DatasetCipher {
  /** Bytes out for bytes in (may be empty while a block fills). */
  update(chunk: Uint8Array): Uint8Array;
  /** The last bytes; the decryptor throws `wrong_key` or `corrupt` here when the data does not open. */
  final(): Uint8Array;
}

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export function createDatasetEncryptor(key: Uint8Array | string): DatasetCipher {
  const cipher: Cipher = createCipheriv('aes-128-cbc', key16(key, 'dataset key'), randomBytes(AES_BLOCK));
  let first: Buffer | null = cipher.update(randomBytes(AES_BLOCK));
  const withFirst = (out: Buffer): Uint8Array => {
    if (!first) return asBytes(out);
    const joined = Buffer.concat([first, out]);
    first = null;
    return asBytes(joined);
  };
  return {
    update: (chunk) => withFirst(cipher.update(chunk)),
    final: () => withFirst(cipher.final()),
  };
}

export function createDatasetDecryptor(key: Uint8Array | string): DatasetCipher {
  const decipher: Decipher = createDecipheriv('aes-128-cbc', key16(key, 'dataset key'), Buffer.alloc(AES_BLOCK));
  let skip = AES_BLOCK;
  let total = 0;
  const dropFirst = (out: Buffer): Uint8Array => {
    if (skip === 0) return asBytes(out);
    const n = Math.min(skip, out.length);
    skip -= n;
    return asBytes(out.subarray(n));
  };
  return {
    update(chunk) {
      total += chunk.length;
      return dropFirst(decipher.update(chunk));
    },
    final() {
      if (total % AES_BLOCK !== 0 || total < 2 * AES_BLOCK) {
        throw new S100Error(
          'corrupt',
          `an encrypted dataset is a whole number of 16-byte blocks, at least 2 (random block and padding); this one has ${total} bytes`,
        );
      }
      try {
        return dropFirst(decipher.final());
      } catch {
        throw new S100Error(
          'wrong_key',
          'the dataset does not decrypt with this key (bad padding): a permit for another HW_ID, or a damaged file',
        );
      }
    },
  };
}

/** Encrypts a whole dataset held in memory. */
export function encryptDataset(plain: Uint8Array, key: Uint8Array | string): Uint8Array {
  const enc = createDatasetEncryptor(key);
  return asBytes(Buffer.concat([enc.update(plain), enc.final()]));
}

/** Decrypts a whole dataset held in memory. */
export function decryptDataset(encrypted: Uint8Array, key: Uint8Array | string): Uint8Array {
  const dec = createDatasetDecryptor(key);
  return asBytes(Buffer.concat([dec.update(encrypted), dec.final()]));
}

async function* pipeThrough(source: AsyncIterable<Uint8Array>, cipher: DatasetCipher): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    const out = cipher.update(chunk);
    if (out.length > 0) yield out;
  }
  const last = cipher.final();
  if (last.length > 0) yield last;
}

/** Encrypts a stream of plaintext chunks (a Node Readable is one) as it is read. */
export function encryptDatasetStream(source: AsyncIterable<Uint8Array>, key: Uint8Array | string): AsyncGenerator<Uint8Array> {
  return pipeThrough(source, createDatasetEncryptor(key));
}

/** Decrypts a stream of encrypted chunks as it is read; throws `wrong_key` at the end if the padding is bad. */
export function decryptDatasetStream(source: AsyncIterable<Uint8Array>, key: Uint8Array | string): AsyncGenerator<Uint8Array> {
  return pipeThrough(source, createDatasetDecryptor(key));
}
