import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals small secrets at rest with AES-256-GCM: base64(iv 12 | tag 16 | ciphertext). A wrong key
 * or a changed byte fails to open (the tag), so a database dump alone reveals no key.
 */
export interface SecretBox {
  seal(plain: Uint8Array | string): string;
  open(sealed: string): Buffer;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the data key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },
  };
}
