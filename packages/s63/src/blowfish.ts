// Blowfish (Schneier 1993) in ECB mode: 64-bit blocks, keys of 1..56 bytes, big-endian words.
import { BLOWFISH_P, BLOWFISH_S } from './blowfish-tables.js';
import { S63Error } from './errors.js';

export class Blowfish {
  private readonly p = new Uint32Array(18);
  private readonly s = new Uint32Array(1024);

  constructor(key: Uint8Array) {
    if (key.length < 1 || key.length > 56) {
      throw new S63Error('invalid_argument', `Blowfish key must be 1 to 56 bytes, got ${key.length}`);
    }
    this.p.set(BLOWFISH_P);
    this.s.set(BLOWFISH_S);
    let k = 0;
    for (let i = 0; i < 18; i++) {
      let word = 0;
      for (let j = 0; j < 4; j++) {
        word = ((word << 8) | key[k]!) >>> 0;
        k = (k + 1) % key.length;
      }
      this.p[i] = (this.p[i]! ^ word) >>> 0;
    }
    const lr = new Uint32Array(2);
    for (let i = 0; i < 18; i += 2) {
      this.encryptWords(lr);
      this.p[i] = lr[0]!;
      this.p[i + 1] = lr[1]!;
    }
    for (let i = 0; i < 1024; i += 2) {
      this.encryptWords(lr);
      this.s[i] = lr[0]!;
      this.s[i + 1] = lr[1]!;
    }
  }

  private f(x: number): number {
    const s = this.s;
    const h = (s[x >>> 24]! + s[256 + ((x >>> 16) & 0xff)]!) >>> 0;
    return (((h ^ s[512 + ((x >>> 8) & 0xff)]!) >>> 0) + s[768 + (x & 0xff)]!) >>> 0;
  }

  /** Encrypts the pair [L, R] in place. */
  encryptWords(lr: Uint32Array): void {
    let l = lr[0]!;
    let r = lr[1]!;
    for (let i = 0; i < 16; i += 2) {
      l = (l ^ this.p[i]!) >>> 0;
      r = (r ^ this.f(l)) >>> 0;
      r = (r ^ this.p[i + 1]!) >>> 0;
      l = (l ^ this.f(r)) >>> 0;
    }
    lr[0] = (r ^ this.p[17]!) >>> 0;
    lr[1] = (l ^ this.p[16]!) >>> 0;
  }

  /** Decrypts the pair [L, R] in place. */
  decryptWords(lr: Uint32Array): void {
    let l = lr[0]!;
    let r = lr[1]!;
    for (let i = 17; i > 1; i -= 2) {
      l = (l ^ this.p[i]!) >>> 0;
      r = (r ^ this.f(l)) >>> 0;
      r = (r ^ this.p[i - 1]!) >>> 0;
      l = (l ^ this.f(r)) >>> 0;
    }
    lr[0] = (r ^ this.p[0]!) >>> 0;
    lr[1] = (l ^ this.p[1]!) >>> 0;
  }

  /** ECB over whole 8-byte blocks; data.length must be a multiple of 8. */
  /** `out` may be `data` itself (each block is read whole before it is written). */
  ecb(data: Uint8Array, decrypt: boolean, out: Uint8Array = new Uint8Array(data.length)): Uint8Array {
    if (data.length % 8 !== 0) {
      throw new S63Error('invalid_argument', `Blowfish ECB needs a multiple of 8 bytes, got ${data.length}`);
    }
    if (out.length !== data.length) throw new S63Error('invalid_argument', 'Blowfish ECB output must be as long as its input');
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const lr = new Uint32Array(2);
    for (let i = 0; i < data.length; i += 8) {
      lr[0] = view.getUint32(i);
      lr[1] = view.getUint32(i + 4);
      if (decrypt) this.decryptWords(lr);
      else this.encryptWords(lr);
      outView.setUint32(i, lr[0]!);
      outView.setUint32(i + 4, lr[1]!);
    }
    return out;
  }
}

/** Blowfish-ECB encryption of whole blocks (no padding is added). */
export function blowfishEncryptEcb(key: Uint8Array, data: Uint8Array): Uint8Array {
  return new Blowfish(key).ecb(data, false);
}

/** Blowfish-ECB decryption of whole blocks (no padding is removed). */
export function blowfishDecryptEcb(key: Uint8Array, data: Uint8Array): Uint8Array {
  return new Blowfish(key).ecb(data, true);
}
