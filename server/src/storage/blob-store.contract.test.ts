import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.js';
import type { AppError } from '../errors.js';
import { BlobBuffers } from './blob-buffers.js';
import { BlobNotFoundError, LocalBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { parseS3Url, type S3Location } from './s3-url.js';
import { listCheckedZipEntries, openZipEntryStream } from './zip-unpack.js';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes of a repeatable pattern in 1 MB chunks, made as they are read (never whole in memory). */
function patternStream(total: number): Readable {
  const chunk = 1024 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < total; at += chunk) {
        const n = Math.min(chunk, total - at);
        const b = Buffer.alloc(n);
        for (let i = 0; i < n; i++) b[i] = (at + i) % 251;
        yield b;
      }
    })(),
  );
}

async function sha256Of(stream: Readable): Promise<{ hex: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hex: hash.digest('hex'), bytes };
}

const stores: { name: string; open: () => Promise<{ store: BlobStore; done: () => Promise<void> }> }[] = [
  {
    name: 'local disk',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'chartroom-blobs-'));
      const store = new LocalBlobStore(dir, '00000000-0000-4000-8000-000000000001');
      await store.prepare();
      return { store, done: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const s3: TestS3 = await startTestS3();
      const store = new S3BlobStore(parseS3Url(s3.url) as S3Location);
      await store.prepare();
      return {
        store,
        done: async () => {
          await store.close();
          await s3.close();
        },
      };
    },
  },
];

describe.each(stores)('blob store contract: $name', ({ open }) => {
  let store: BlobStore;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ store, done } = await open());
  });
  afterAll(() => done());

  it('puts bytes and a stream, and reads them back whole, as a stream and by size', async () => {
    const bytes = randomBytes(3000);
    expect(await store.put('t/a/bytes.bin', bytes)).toEqual({ key: 't/a/bytes.bin', size: 3000 });
    expect((await store.read('t/a/bytes.bin')).equals(bytes)).toBe(true);
    expect((await collect(await store.get('t/a/bytes.bin'))).equals(bytes)).toBe(true);
    expect(await store.size('t/a/bytes.bin')).toBe(3000);

    expect(await store.put('t/a/stream.bin', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))).toEqual({
      key: 't/a/stream.bin',
      size: 3000,
    });
    expect((await store.read('t/a/stream.bin')).equals(bytes)).toBe(true);

    expect(await store.put('t/a/empty.bin', Readable.from([]))).toEqual({ key: 't/a/empty.bin', size: 0 });
    expect(await store.size('t/a/empty.bin')).toBe(0);
  });

  it('reads a range into a buffer of the caller', async () => {
    const bytes = randomBytes(5000);
    await store.put('t/into/r.bin', bytes);
    const into = Buffer.alloc(2000, 0xee);
    const got = await store.readRange('t/into/r.bin', 4000, 1500, into);
    expect(got.equals(bytes.subarray(4000, 5000))).toBe(true);
    expect(got.buffer).toBe(into.buffer);
    expect(into.subarray(0, 1000).equals(bytes.subarray(4000, 5000))).toBe(true);
    expect((await store.readRange('t/into/r.bin', 10, 100, into)).equals(bytes.subarray(10, 110))).toBe(true);
    await expect(store.readRange('t/into/r.bin', 0, 3000, into)).rejects.toThrow(/cannot take 3000/);
  });

  it('reads blobs into buffers used again: the same bytes, a released buffer zeroed, an empty or missing blob', async () => {
    const a = randomBytes(1_500_000);
    const b = randomBytes(900_000);
    const big = randomBytes(2_500_000);
    await store.put('t/buf/a.000', a);
    await store.put('t/buf/b.000', b);
    await store.put('t/buf/big.000', big);
    await store.put('t/buf/empty.000', Buffer.alloc(0));
    const bytes = new BlobBuffers(store, 2);

    const first = await bytes.read('t/buf/a.000');
    const second = await bytes.read('t/buf/b.000');
    expect(first.equals(a)).toBe(true);
    expect(second.equals(b)).toBe(true);
    // Both lent at once: two buffers.
    expect(first.buffer).not.toBe(second.buffer);
    bytes.releaseAll();
    // A view kept past the release reads zeros, never the next file's bytes.
    expect(first.every((v) => v === 0)).toBe(true);

    // The next file goes into a buffer already made.
    const again = await bytes.read('t/buf/b.000');
    expect(again.equals(b)).toBe(true);
    expect([first.buffer, second.buffer]).toContain(again.buffer);
    bytes.releaseAll();
    // A larger file needs a larger buffer, and gets its bytes whole.
    expect((await bytes.read('t/buf/big.000')).equals(big)).toBe(true);
    expect((await bytes.read('t/buf/empty.000')).length).toBe(0);
    bytes.releaseAll();
    await expect(bytes.read('t/buf/none.000')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('streams a 21 MB upload in several parts and gives back the same bytes', async () => {
    const total = 21 * 1024 * 1024 + 123;
    const stored = await store.put('t/big/file.bin', patternStream(total));
    expect(stored.size).toBe(total);
    expect(await store.size('t/big/file.bin')).toBe(total);
    const expected = await sha256Of(patternStream(total));
    expect(await sha256Of(await store.get('t/big/file.bin'))).toEqual(expected);
    // A range across the boundary of the first two 5 MB parts.
    const from = 5 * 1024 * 1024 - 10;
    const range = await collect(await store.get('t/big/file.bin', { start: from, end: from + 19 }));
    const whole = await collect(patternStream(total));
    expect(range.equals(whole.subarray(from, from + 20))).toBe(true);
  });

  it('reads byte ranges: inside, up to the end, clipped at the end and past it', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    await store.put('t/range.txt', bytes);
    expect((await collect(await store.get('t/range.txt', { start: 3, end: 6 }))).toString()).toBe('3456');
    expect((await collect(await store.get('t/range.txt', { start: 15, end: 19 }))).toString()).toBe('fghij');
    expect((await store.readRange('t/range.txt', 0, 4)).toString()).toBe('0123');
    expect((await store.readRange('t/range.txt', 18, 10)).toString()).toBe('ij');
    expect((await store.readRange('t/range.txt', 25, 5)).length).toBe(0);
    expect((await store.readRange('t/range.txt', 5, 0)).length).toBe(0);
  });

  it('reads ranges in the calling thread where it can (local disk), the same bytes as readRange, its files opened again after they were let go', async () => {
    // More blobs than the local store keeps open at once (64), read in turns: each read is right
    // whether its file was still open or had been closed for another.
    const blobs = Array.from({ length: 70 }, (_, i) => Buffer.from(`blob ${String(i).padStart(2, '0')}: ${'x'.repeat(i)}`));
    for (const [i, b] of blobs.entries()) await store.put(`t/ranges/${i}.bin`, b);
    const readers = await Promise.all(blobs.map((_, i) => store.openRanges(`t/ranges/${i}.bin`)));
    if (store.kind === 's3') {
      // Every read of an object is a request: no reader of its own.
      expect(readers.every((r) => r === null)).toBe(true);
      return;
    }
    for (let round = 0; round < 2; round++) {
      for (const [i, r] of readers.entries()) {
        expect(r!.read(0, 7).toString()).toBe(`blob ${String(i).padStart(2, '0')}`);
        expect(r!.read(5, 1000).equals(await store.readRange(`t/ranges/${i}.bin`, 5, 1000))).toBe(true);
        expect(r!.read(blobs[i]!.length + 3, 10).length).toBe(0);
      }
    }
    readers[3]!.close();
    expect(readers[3]!.read(0, 7).toString()).toBe('blob 03');
    // A buffer of its own each time: typed views of it can start at offset 0.
    expect(readers[4]!.read(8, 4).byteOffset).toBe(0);
    // Or the caller's, read into from its start.
    const into = new Uint8Array(16);
    const got = readers[5]!.read(0, 7, into);
    expect(got.buffer).toBe(into.buffer);
    expect(Buffer.from(into.subarray(0, 7)).toString()).toBe('blob 05');
    expect(() => readers[5]!.read(0, 20, into)).toThrow(/cannot take 20/);
    for (const r of readers) r!.close();
  });

  it('reads a zip by ranges: lists its entries and inflates one, checked against its CRC', async () => {
    const cell = randomBytes(200_000);
    const zip = zipSync({ 'ENC_ROOT/XX5TEST1.000': [cell, { level: 6 }], 'README.TXT': [Buffer.from('hello'), { level: 0 }] });
    await store.put('t/zip/set.zip', zip);
    const limits = { maxEntries: 10, maxEntryBytes: 1024 ** 2, maxTotalBytes: 1024 ** 2, maxRatio: 100 };
    const entries = await listCheckedZipEntries(store, 't/zip/set.zip', 'set.zip', limits);
    expect(entries.map((e) => e.name)).toEqual(['ENC_ROOT/XX5TEST1.000', 'README.TXT']);
    expect((await collect(await openZipEntryStream(store, 't/zip/set.zip', entries[0]!))).equals(cell)).toBe(true);
    expect((await collect(await openZipEntryStream(store, 't/zip/set.zip', entries[1]!))).toString()).toBe('hello');
  });

  it('copies, lends a file with the bytes, and lists the folders under a prefix', async () => {
    await store.put('t/copy/from.bin', Buffer.from('copied bytes'));
    await store.copy('t/copy/from.bin', 't/copy/sub/to.bin');
    expect((await store.read('t/copy/sub/to.bin')).toString()).toBe('copied bytes');
    expect(await store.withFile('t/copy/sub/to.bin', async (path) => readFileSync(path, 'utf8'))).toBe('copied bytes');

    await store.put('t/folders/one/a.bin', Buffer.from('1'));
    await store.put('t/folders/one/deeper/b.bin', Buffer.from('2'));
    await store.put('t/folders/two/c.bin', Buffer.from('3'));
    await store.put('t/folders/loose.bin', Buffer.from('4'));
    const folders = await store.listFolders('t/folders');
    expect(folders.map((f) => f.name).sort()).toEqual(['one', 'two']);
    expect(await store.list('t/folders')).toEqual([
      't/folders/loose.bin',
      't/folders/one/a.bin',
      't/folders/one/deeper/b.bin',
      't/folders/two/c.bin',
    ]);
    expect(await store.list('t/folders/one/')).toEqual(['t/folders/one/a.bin', 't/folders/one/deeper/b.bin']);
    // A prefix is a folder, not the start of a name; an absent one lists nothing.
    expect(await store.list('t/folders/tw')).toEqual([]);
    expect(await store.list('t/no-such-folder')).toEqual([]);
    expect(await store.list('')).toEqual(expect.arrayContaining(['t/copy/from.bin', 't/folders/two/c.bin']));
    for (const f of folders) {
      expect(f.isEmpty).toBe(false);
      expect(Math.abs(f.lastModifiedMs - Date.now())).toBeLessThan(10 * 60_000);
    }
  });

  it('deletes one key, and every key under a prefix but not under a sibling prefix', async () => {
    await store.put('t/del/one.bin', Buffer.from('x'));
    await store.delete('t/del/one.bin');
    expect(await store.size('t/del/one.bin')).toBeNull();
    await store.delete('t/del/never-was.bin');

    await store.put('t/del/stage/a.bin', Buffer.from('a'));
    await store.put('t/del/stage/deep/b.bin', Buffer.from('b'));
    await store.put('t/del/stage2/c.bin', Buffer.from('c'));
    await store.deletePrefix('t/del/stage');
    expect(await store.size('t/del/stage/a.bin')).toBeNull();
    expect(await store.size('t/del/stage/deep/b.bin')).toBeNull();
    expect(await store.size('t/del/stage2/c.bin')).toBe(1);
  });

  it('answers a missing blob with our not-found error (a 404), and its size with null', async () => {
    const missing = 't/missing/nothing.bin';
    for (const attempt of [
      () => store.get(missing),
      () => store.get(missing, { start: 0, end: 10 }),
      () => store.read(missing),
      () => store.readRange(missing, 0, 10),
      ...(store.kind === 'local' ? [() => store.openRanges(missing)] : []),
      () => store.copy(missing, 't/missing/copy.bin'),
      () => store.withFile(missing, async () => 'never'),
      () => listCheckedZipEntries(store, missing, 'gone.zip', { maxEntries: 1, maxEntryBytes: 1, maxTotalBytes: 1, maxRatio: 2 }),
    ]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BlobNotFoundError);
      expect((err as AppError).status).toBe(404);
    }
    expect(await store.size(missing)).toBeNull();
  });

  it('keeps nothing of a write whose source breaks off', async () => {
    const broken = Readable.from(
      (async function* () {
        yield Buffer.alloc(9 * 1024 * 1024, 1);
        throw new Error('client went away');
      })(),
    );
    await expect(store.put('t/broken/file.bin', broken)).rejects.toThrow(/client went away/);
    expect(await store.size('t/broken/file.bin')).toBeNull();
    expect(await store.removeDeadPartials(new Set(), Date.now() + 1000)).toBe(0);
  });

  it('signs a short-lived download link on S3 that plain fetch can follow; none on disk', async () => {
    await store.put('t/links/notice.pdf', Buffer.from('%PDF-1.4 body'));
    const url = await store.presignGet('t/links/notice.pdf', {
      fileName: 'notice 1.pdf',
      contentType: 'application/pdf',
      expiresSeconds: 60,
    });
    if (store.kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Expires=60/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="notice 1.pdf"');
    expect(await res.text()).toBe('%PDF-1.4 body');
    // s3rver does not check query-string signatures (a forged one is served too), so the refusal
    // of a tampered link cannot be shown here; AWS S3 and MinIO answer it with 403.
  });
});
