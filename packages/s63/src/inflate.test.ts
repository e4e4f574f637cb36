import { constants, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InflateError, inflateInto } from './inflate.js';

/** Bytes that compress like a chart: records of the same fields, coordinates that vary. */
function chartLike(size: number): Uint8Array {
  const out = new Uint8Array(size);
  const field = new TextEncoder().encode('0001FRID00FOIDATTF2VRPT0SG2D');
  let seed = 7;
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    out[i] = i % 97 < 60 ? field[i % field.length]! : seed >>> 24;
  }
  return out;
}

function inflated(raw: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  return out.subarray(0, inflateInto(raw, out));
}

describe('inflateInto', () => {
  const plain = chartLike(300_000);

  it.each([
    ['stored', { level: 0 }],
    ['fastest', { level: 1 }],
    ['default', { level: 6 }],
    ['best', { level: 9 }],
    ['fixed codes only', { strategy: constants.Z_FIXED }],
    ['Huffman only', { strategy: constants.Z_HUFFMAN_ONLY }],
    ['run-length', { strategy: constants.Z_RLE }],
  ])('gives back exactly what zlib deflated (%s)', (_name, options) => {
    const raw = deflateRawSync(plain, options);
    expect(Buffer.from(inflated(raw, plain.length)).equals(Buffer.from(plain))).toBe(true);
  });

  it('handles long overlapping back-references and empty input', () => {
    const text = Buffer.from('abcabcabcabd'.repeat(20_000) + 'x'.repeat(70_000));
    expect(Buffer.from(inflated(deflateRawSync(text, { level: 9 }), text.length)).equals(text)).toBe(true);
    expect(inflated(deflateRawSync(new Uint8Array(0)), 0).length).toBe(0);
  });

  it('decodes many streams one after another with the same tables', () => {
    for (let level = 1; level <= 9; level++) {
      const part = plain.subarray(level * 1000, 100_000 + level * 7000);
      expect(Buffer.from(inflated(deflateRawSync(part, { level }), part.length)).equals(Buffer.from(part))).toBe(true);
    }
  });

  it('refuses a stream cut short, one too big for its room, and damaged blocks', () => {
    const raw = deflateRawSync(plain, { level: 6 });
    for (const cut of [0, 1, 100, raw.length - 1]) {
      expect(() => inflateInto(raw.subarray(0, cut), new Uint8Array(plain.length))).toThrow(/ends before its last block/);
    }
    expect(() => inflateInto(raw, new Uint8Array(plain.length - 1))).toThrow(/beyond the room given/);
    // Final block of the reserved type 3.
    expect(() => inflateInto(Uint8Array.of(0b111), new Uint8Array(10))).toThrow(/reserved type 3/);
    // A stored block whose length and its complement disagree.
    expect(() => inflateInto(Uint8Array.of(1, 5, 0, 0, 0, 1, 2, 3, 4, 5), new Uint8Array(10))).toThrow(/invalid length/);
    // Fixed codes: the literal 'a', then length 3 at distance 2, before which there is 1 byte.
    const backTooFar = deflateRawSync(Buffer.from('aa'), { strategy: constants.Z_FIXED });
    expect(Buffer.from(inflated(backTooFar, 2)).toString()).toBe('aa');
    expect(() => inflateInto(Uint8Array.of(0x4b, 0x04, 0x42, 0x00), new Uint8Array(10))).toThrow(/before the start of the data/);
  });

  it('answers damage with InflateError only, never another exception', () => {
    const raw = deflateRawSync(plain, { level: 6 }).subarray(0, 4000);
    let seed = 1;
    for (let k = 0; k < 500; k++) {
      const damaged = Uint8Array.from(raw);
      seed = (seed * 1103515245 + 12345) >>> 0;
      damaged[seed % damaged.length]! ^= 1 << (seed >>> 29);
      try {
        inflateInto(damaged, new Uint8Array(plain.length));
      } catch (err) {
        expect(err).toBeInstanceOf(InflateError);
      }
    }
  });
});
