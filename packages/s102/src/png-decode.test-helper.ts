// A small PNG decoder for the tests (8-bit RGBA, non-interlaced, all five filter types).
import { inflateSync } from 'node:zlib';
import { crc32 } from './png.js';

export interface DecodedPng {
  width: number;
  height: number;
  rgba: Uint8Array;
  chunkTypes: string[];
}

export function decodePng(png: Uint8Array): DecodedPng {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!sig.every((b, i) => png[i] === b)) throw new Error('bad PNG signature');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let p = 8;
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  const chunkTypes: string[] = [];
  while (p < png.length) {
    const len = view.getUint32(p);
    const type = String.fromCharCode(...png.subarray(p + 4, p + 8));
    const data = png.subarray(p + 8, p + 8 + len);
    if (crc32(png.subarray(p + 4, p + 8 + len)) !== view.getUint32(p + 8 + len)) throw new Error(`bad CRC in ${type}`);
    chunkTypes.push(type);
    if (type === 'IHDR') {
      width = view.getUint32(p + 8);
      height = view.getUint32(p + 12);
      if (data[8] !== 8 || data[9] !== 6 || data[12] !== 0) throw new Error('only 8-bit RGBA non-interlaced');
    } else if (type === 'IDAT') idat.push(data);
    p += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= 4 ? rgba[y * stride + i - 4]! : 0;
      const b = y > 0 ? rgba[(y - 1) * stride + i]! : 0;
      const c = i >= 4 && y > 0 ? rgba[(y - 1) * stride + i - 4]! : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else {
        const pp = a + b - c;
        const pa = Math.abs(pp - a);
        const pb = Math.abs(pp - b);
        const pc = Math.abs(pp - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      rgba[y * stride + i] = v & 0xff;
    }
  }
  return { width, height, rgba, chunkTypes };
}

/** The RGBA of pixel (x, y), y = 0 at the top. */
export function pixel(img: DecodedPng, x: number, y: number): [number, number, number, number] {
  const o = (y * img.width + x) * 4;
  return [img.rgba[o]!, img.rgba[o + 1]!, img.rgba[o + 2]!, img.rgba[o + 3]!];
}
