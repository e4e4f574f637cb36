import { once } from 'node:events';
import { createDeflateRaw } from 'node:zlib';
import { crc32 } from '@chartroom/s63';

/**
 * A zip holding one file deflated by Node's zlib (about five times faster than the pure JavaScript
 * deflate on 3.6 MB cells), deflated as the file streams in (the file is never held whole), written into one
 * buffer already padded (PKCS#5) to a multiple of 8 bytes, ready to be encrypted in place: a cell
 * costs its deflated size once instead of five copies of different sizes.
 */
export async function zipOneFilePadded(name: string, source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const nameBytes = Buffer.from(name, 'latin1');
  const deflate = createDeflateRaw({ level: 6 });
  const chunks: Buffer[] = [];
  let deflatedLength = 0;
  const collected = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      deflatedLength += chunk.length;
    }
  })();
  let crc = 0;
  let size = 0;
  try {
    for await (const chunk of source) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await collected;
  } catch (err) {
    deflate.destroy();
    await collected.catch(() => undefined);
    throw err;
  }
  const dosDate = ((2000 - 1980) << 9) | (1 << 5) | 1;
  const zipLength = 30 + nameBytes.length + deflatedLength + 46 + nameBytes.length + 22;
  const pad = 8 - (zipLength % 8);
  const out = Buffer.alloc(zipLength + pad);
  let at = 0;
  out.writeUInt32LE(0x04034b50, at);
  out.writeUInt16LE(20, at + 4);
  out.writeUInt16LE(8, at + 8);
  out.writeUInt16LE(dosDate, at + 12);
  out.writeUInt32LE(crc, at + 14);
  out.writeUInt32LE(deflatedLength, at + 18);
  out.writeUInt32LE(size, at + 22);
  out.writeUInt16LE(nameBytes.length, at + 26);
  at += 30;
  at += nameBytes.copy(out, at);
  for (const chunk of chunks) at += chunk.copy(out, at);
  const centralOffset = at;
  out.writeUInt32LE(0x02014b50, at);
  out.writeUInt16LE(20, at + 4);
  out.writeUInt16LE(20, at + 6);
  out.writeUInt16LE(8, at + 10);
  out.writeUInt16LE(dosDate, at + 14);
  out.writeUInt32LE(crc, at + 16);
  out.writeUInt32LE(deflatedLength, at + 20);
  out.writeUInt32LE(size, at + 24);
  out.writeUInt16LE(nameBytes.length, at + 28);
  at += 46;
  at += nameBytes.copy(out, at);
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(1, at + 8);
  out.writeUInt16LE(1, at + 10);
  out.writeUInt32LE(46 + nameBytes.length, at + 12);
  out.writeUInt32LE(centralOffset, at + 16);
  at += 22;
  out.fill(pad, at);
  return out;
}
