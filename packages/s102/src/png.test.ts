import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { depthColourScale, WATER_RAMP, DRYING_RAMP } from './depth-colour.js';
import { crc32, encodePng } from './png.js';
import { decodePng, pixel } from './png-decode.test-helper.js';

describe('crc32', () => {
  it('matches the standard check values', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });
});

describe('encodePng', () => {
  it('writes a valid RGBA PNG that decodes back to the same pixels', () => {
    const w = 7;
    const h = 3;
    const rgba = new Uint8Array(w * h * 4).map((_, i) => (i * 37) % 256);
    const png = encodePng(w, h, rgba);
    const img = decodePng(png);
    expect(img.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([img.width, img.height]).toEqual([w, h]);
    expect(Array.from(img.rgba)).toEqual(Array.from(rgba));
    // IDAT is a zlib stream of (1 filter byte + 4w) per row.
    const idatLen = new DataView(png.buffer).getUint32(33);
    expect(inflateSync(png.subarray(41, 41 + idatLen)).length).toBe(h * (1 + 4 * w));
  });

  it('rejects sizes that do not match the pixels', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError);
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError);
    expect(pixel(decodePng(encodePng(1, 1, Uint8Array.of(1, 2, 3, 4))), 0, 0)).toEqual([1, 2, 3, 4]);
  });
});

describe('depthColourScale', () => {
  it('runs from the pale shallow colour to the dark deep colour, darker with depth', () => {
    const colour = depthColourScale(0, 30);
    expect(colour(0)).toEqual(WATER_RAMP[0]);
    expect(colour(30)).toEqual(WATER_RAMP[WATER_RAMP.length - 1]);
    const lum = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    let last = Infinity;
    for (let d = 0; d <= 30; d += 1) {
      const l = lum(colour(d));
      expect(l).toBeLessThanOrEqual(last);
      last = l;
    }
  });

  it('colours drying heights (negative depths) with the sand ramp', () => {
    const colour = depthColourScale(-2, 20);
    expect(colour(-2)).toEqual(DRYING_RAMP[1]);
    expect(colour(-0.0001)).toEqual(DRYING_RAMP[0]);
    expect(colour(0)).toEqual(WATER_RAMP[0]);
  });
});
