import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ascii } from './bytes.js';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { readExchangeSet, readExchangeSetFrom, type ExchangeSetCell } from './exchange-set.js';
import { openFileSource, readExchangeSetFromFile } from './node.js';
import { writePermitFile } from './permit-file.js';
import { listZipEntries, readZipEntry } from './zip-reader.js';
import { listZipEntriesFrom, readZipEntryFrom } from './zip-source-reader.js';
import { createBytesSource } from './zip-source.js';

const HW = 'A1B2C';
const key = (n: number): Uint8Array => new Uint8Array([n, n + 1, n + 2, n + 3, n + 4]);
const permit = (cellName: string, ck: Uint8Array, expiry = '20991231') => ({
  permit: createCellPermit({ cellName, expiry, ck1: ck, ck2: key(99), hwId: HW }),
});

const dirs: string[] = [];
function tempFile(data: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 's63-source-'));
  dirs.push(dir);
  const path = join(dir, 'set.zip');
  writeFileSync(path, data);
  return path;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Deep equality of multi-megabyte arrays is slow in expect(): compare as buffers.
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean => !!a && !!b && Buffer.from(a).equals(b);

async function errorOf(promise: Promise<unknown>): Promise<S63Error | undefined> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof S63Error) return err;
    throw err;
  }
  return undefined;
}

/** Decrypted, update, no permit and expired cells, plus a deflated 2.5 MB cell (several read chunks). */
function fixture(): { zip: Uint8Array; plain: Map<string, Uint8Array> } {
  const plain = new Map<string, Uint8Array>([
    ['XX5AAAAA.000', new Uint8Array(randomBytes(5000))],
    ['XX5AAAAA.001', new Uint8Array(randomBytes(900))],
    ['XX5BBBBB.000', new Uint8Array(randomBytes(3000))],
    ['XX5CCCCC.000', new Uint8Array(randomBytes(3000))],
    ['XX5DDDDD.000', new Uint8Array(randomBytes(2_500_000))],
  ]);
  const enc = (file: string, k: Uint8Array) => encryptCell(plain.get(file)!, file, k);
  const zip = buildExchangeSet({
    cells: [
      { name: 'XX5AAAAA', edition: 4, update: 0, encrypted: enc('XX5AAAAA.000', key(1)) },
      { name: 'XX5AAAAA', edition: 4, update: 1, encrypted: enc('XX5AAAAA.001', key(1)) },
      { name: 'XX5BBBBB', edition: 2, update: 0, encrypted: enc('XX5BBBBB.000', key(20)) },
      { name: 'XX5CCCCC', edition: 1, update: 0, encrypted: enc('XX5CCCCC.000', key(40)) },
    ],
    // Cells are stored by the builder; this one is deflated, to read the inflating path in chunks.
    extra: { 'V01X01/ENC_ROOT/XX/XX5DDDDD/1/0/XX5DDDDD.000': enc('XX5DDDDD.000', key(60)) },
    permitText: writePermitFile({
      enc: [permit('XX5AAAAA', key(1)), permit('XX5CCCCC', key(40), '20231231'), permit('XX5DDDDD', key(60))],
    }),
  });
  return { zip, plain };
}

describe('reading an exchange set through a file source', () => {
  it('gives the same report as from bytes and hands each decrypted cell to onCell', async () => {
    const { zip, plain } = fixture();
    const path = tempFile(zip);
    const fromBytes = readExchangeSet(zip, { hwId: HW, date: '20240601', keepData: false });
    const handed: ExchangeSetCell[] = [];
    const buffers: ArrayBufferLike[] = [];
    const fromFile = await readExchangeSetFromFile(path, {
      hwId: HW,
      date: '20240601',
      onCell: async (cell) => {
        await new Promise((ok) => setTimeout(ok, 1));
        if (cell.data) buffers.push(cell.data.buffer);
        // The data is the reader's until onCell ends: the next cell is decrypted into the same buffer.
        handed.push({ ...cell, ...(cell.data ? { data: cell.data.slice() } : {}) });
      },
    });
    // XX5AAAAA.000 (5,000 bytes) and .001 (900) are decrypted into one buffer; XX5DDDDD (2.5 MB) needs a larger one.
    expect(buffers).toHaveLength(3);
    expect(buffers[1]).toBe(buffers[0]);
    expect(buffers[2]).not.toBe(buffers[0]);
    expect(fromFile).toEqual(fromBytes);
    expect(fromFile.cells.map((c) => c.status)).toEqual(['decrypted', 'decrypted', 'no_permit', 'permit_expired', 'decrypted']);
    expect(fromFile.cells.every((c) => c.data === undefined)).toBe(true);
    expect(handed.map((c) => c.name)).toEqual(fromFile.cells.map((c) => c.name));
    for (const c of handed.filter((h) => h.status === 'decrypted')) {
      expect(sameBytes(c.data, plain.get(c.file.slice(c.file.lastIndexOf('/') + 1)))).toBe(true);
    }
  });

  it('reads every entry byte for byte as the in-memory reader does', async () => {
    const text = ascii(Array.from({ length: 150_000 }, (_, i) => `${i},${(i * 7919) % 10007},${(i * 104729) % 65521}`).join('\r\n'));
    const zip = zipSync({ 'INFO/BIG.TXT': text, 'INFO/EMPTY.TXT': new Uint8Array(0), 'INFO/STORED.TXT': [ascii('stored'), { level: 0 }] });
    const source = await openFileSource(tempFile(zip));
    try {
      const entries = await listZipEntriesFrom(source);
      expect(entries).toEqual(listZipEntries(zip));
      for (const entry of entries) expect(sameBytes(await readZipEntryFrom(source, entry), readZipEntry(zip, entry))).toBe(true);
      // Into a buffer of the caller's, used again: the same bytes, in that buffer.
      const reused = new Uint8Array(4 * 1024 * 1024);
      for (const entry of entries) {
        const bytes = await readZipEntryFrom(source, entry, undefined, (n) => reused.subarray(0, n));
        expect(bytes.buffer).toBe(reused.buffer);
        expect(sameBytes(bytes, readZipEntry(zip, entry))).toBe(true);
      }
    } finally {
      await source.close();
    }
  });

  it('refuses a truncated file, and a file cut short after it was opened, with a clear error', async () => {
    const { zip } = fixture();
    const path = tempFile(zip);
    truncateSync(path, zip.length >> 1);
    const err = await errorOf(readExchangeSetFromFile(path, { hwId: HW }));
    expect(err?.code).toBe('corrupt');
    expect(err?.message).toMatch(/not a zip archive/);

    // The file shrinks after its central directory was read: the entry reads say so.
    const shrinking = tempFile(zip);
    const source = await openFileSource(shrinking);
    try {
      const [first] = await listZipEntriesFrom(source);
      truncateSync(shrinking, first!.localOffset + 40);
      const cut = await errorOf(readZipEntryFrom(source, first!));
      expect(cut?.code).toBe('corrupt');
      expect(cut?.message).toMatch(/zip is truncated/);
    } finally {
      await source.close();
    }
  });

  it('reports a missing file as the file system error', async () => {
    await expect(readExchangeSetFromFile(join(tmpdir(), 'no-such-s63-set.zip'), { hwId: HW })).rejects.toThrow(/no such file/);
  });
});

describe('zip safety through a source (the same limits as from bytes)', () => {
  const cell = (): Uint8Array => encryptCell(new Uint8Array(randomBytes(3000)), 'XX5AAAAA.000', key(1));
  const read = (zip: Uint8Array, limits = {}, permitFile?: string) =>
    errorOf(readExchangeSetFrom(createBytesSource(zip), { hwId: HW, limits, ...(permitFile ? { permitFile } : {}) }));

  it('refuses entries that would escape the output folder', async () => {
    for (const name of ['../XX5AAAAA.000', 'ENC_ROOT/../../XX5AAAAA.000', '/etc/XX5AAAAA.000', 'C:/XX5AAAAA.000', '..\\XX5AAAAA.000']) {
      expect((await read(zipSync({ [name]: cell() })))?.code).toBe('zip_unsafe');
    }
  });

  it('enforces entry count, entry size, total size and compression ratio limits', async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i}.TXT`, ascii('x')])));
    expect((await read(many, { maxEntries: 10 }))?.code).toBe('limit_exceeded');
    const big = zipSync({ 'ENC_ROOT/XX/XX5AAAAA/1/0/XX5AAAAA.000': cell() });
    expect((await read(big, { maxEntrySize: 100 }))?.code).toBe('limit_exceeded');
    const permitText = writePermitFile({ enc: [permit('XX5AAAAA', key(1))] });
    expect((await read(big, { maxTotalSize: 1000 }, permitText))?.code).toBe('limit_exceeded');
    expect(await read(big, {}, permitText)).toBeUndefined();
    const zeros = unzipSync(zipSync({ 'X.TXT': new Uint8Array(4 * 1024 * 1024) }))['X.TXT']!;
    expect((await read(zipSync({ 'ENC_ROOT/CATALOG.031': zeros }, { level: 9 })))?.code).toBe('limit_exceeded');
  });

  it('reports a damaged deflate stream and a wrong CRC as corrupt', async () => {
    const zip = zipSync({ 'INFO/PRODUCTS.TXT': ascii(':ENC\r\n'.repeat(5000)) });
    const [entry] = listZipEntries(zip);
    const badCrc = await errorOf(readZipEntryFrom(createBytesSource(zip), { ...entry!, crc: entry!.crc ^ 1 }));
    expect(badCrc?.message).toMatch(/CRC-32/);
    const damaged = zip.slice();
    damaged.fill(0xff, entry!.localOffset + 60, entry!.localOffset + 70);
    expect((await read(damaged))?.code).toBe('corrupt');
  });
});
