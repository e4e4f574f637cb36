import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflateRawSync } from 'node:zlib';
import { buildDemoHarbourCell } from '@chartroom/s57';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { reserveEncUpload } from './charts.repository.js';
import { listBlobFiles, loginProvider, postFiles } from './charts.test-helper.js';

interface RawEntry {
  name: string;
  /** The bytes as stored (deflated unless method is 0). */
  stored: Uint8Array;
  method: 0 | 8;
  /** What the headers claim: the uncompressed size and CRC-32 (a zip bomb lies here). */
  declaredSize: number;
  crc: number;
}

/** A zip written byte by byte, so a test can make its headers say what they like. */
function writeZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.stored));
    centrals.push(central, name);
    offset += 30 + name.length + e.stored.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A zip whose central directory lists `names`, each pointing at the local header given by
 * `offsetOf` (an index into `locals`): with one local header for all, 1,000 names share one block.
 */
function zipWithOffsets(locals: RawEntry[], names: string[], localOf: (i: number) => number, shift = 0): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const e of locals) {
    const name = Buffer.from(e.name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    parts.push(local, name, Buffer.from(e.stored));
    offset += 30 + name.length + e.stored.length;
  }
  const centrals: Buffer[] = [];
  names.forEach((n, i) => {
    const e = locals[localOf(i)]!;
    const name = Buffer.from(n, 'latin1');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offsets[localOf(i)]! + (i > 0 ? shift : 0), 42);
    centrals.push(central, name);
  });
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

const MB = 1024 * 1024;
// RSS is read after a full collection, so garbage from earlier tests in this file (or a collection
// that happens to run mid-upload) cannot move the figure either way: what is left is what the
// upload itself still holds.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const rssMb = () => {
  collect();
  return process.memoryUsage().rss / MB;
};

describe('zip bombs and hostile zips', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function upload(p: { headers: Record<string, string>; gcId: number }, zip: Uint8Array, route = 'addenc') {
    if (route === 'addenc')
      return postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'set.zip', data: zip },
      ]);
    return postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, [
      { name: 'deviceKey', value: '12345' },
      { name: 'file', filename: 'set.zip', data: zip },
      { name: 'geocontentId', value: String(p.gcId) },
    ]);
  }

  it('refuses a 3.2 MB zip declaring one 500 MB entry before inflating anything', async () => {
    const p = await loginProvider(t);
    const before = await listBlobFiles(t);
    const stored = new Uint8Array(3.2 * MB).map((_, i) => (i * 7919) % 251);
    const zip = writeZip([{ name: 'XX5DEMO1.000', stored, method: 8, declaredSize: 500 * MB, crc: 0 }]);
    const rss = rssMb();
    for (const route of ['addenc', 's63']) {
      const res = await upload(p, zip, route);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('XX5DEMO1.000') });
    }
    expect(rssMb() - rss).toBeLessThan(100);
    expect(await listBlobFiles(t)).toEqual(before);
    expect(await t.app.jobs.drain()).toBe(0);
  });

  it('stops an entry that inflates beyond what it declares, without holding it in memory', async () => {
    const p = await loginProvider(t, 'Lying Office');
    const before = await listBlobFiles(t);
    // 200 MB of zeros deflate to about 200 KB; the headers claim 1 MB.
    const zip = writeZip([{ name: 'XX5DEMO1.000', stored: deflateRawSync(Buffer.alloc(200 * MB)), method: 8, declaredSize: MB, crc: 0 }]);
    const rss = rssMb();
    const res = await upload(p, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'unsupported_file',
      message: expect.stringContaining('inflates beyond its declared 1048576 bytes'),
    });
    expect(rssMb() - rss).toBeLessThan(100);
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('refuses by compression ratio, and a zip of 19,999 tiny files without keeping one', async () => {
    const p = await loginProvider(t, 'Ratio Office');
    const before = await listBlobFiles(t);
    const zeros = Buffer.alloc(20 * MB);
    const ratio = await upload(
      p,
      writeZip([{ name: 'XX5DEMO1.000', stored: deflateRawSync(zeros), method: 8, declaredSize: zeros.length, crc: crc32(zeros) }]),
    );
    expect(ratio.statusCode).toBe(413);
    expect(ratio.json().message).toMatch(/compresses more than 100:1/);

    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 19_999; i++) many[`E${String(i).padStart(7, '0')}.TXT`] = new Uint8Array([i & 255]);
    const res = await upload(p, zipSync(many, { level: 0 }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/more than 10000 entries/);
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('refuses a zip of 1,000 entries sharing one data block (400) before writing anything, on both routes', async () => {
    const p = await loginProvider(t, 'Overlap Office');
    const before = await listBlobFiles(t);
    // 957 KB of one byte deflate to about 1 KB; each entry stays under the 1 MiB the per-entry ratio looks at.
    const block = Buffer.alloc(957 * 1024, 0x41);
    const shared: RawEntry = {
      name: 'C0000000.000',
      stored: deflateRawSync(block),
      method: 8,
      declaredSize: block.length,
      crc: crc32(block),
    };
    const names = Array.from({ length: 1000 }, (_, i) => `C${String(i).padStart(7, '0')}.000`);
    const zip = zipWithOffsets([shared], names, () => 0);
    expect(zip.length).toBeLessThan(100 * 1024);
    for (const route of ['addenc', 's63']) {
      const res = await upload(p, zip, route);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'unsupported_file',
        message: expect.stringMatching(/set\.zip: zip entries C0000000\.000 and C0000001\.000 overlap .*nothing was unpacked/),
      });
    }
    expect(await listBlobFiles(t)).toEqual(before);
    expect(await t.app.jobs.drain()).toBe(0);
  });

  it('refuses an entry nested inside the data of another, and one that runs into the central directory (400)', async () => {
    const p = await loginProvider(t, 'Nested Office');
    const before = await listBlobFiles(t);
    const cell = buildDemoHarbourCell();
    // XX5DEMO1.000 is stored whole; its data is itself a local header and the data of XX5DEMO2.000.
    const innerName = 'XX5DEMO2.000';
    const inner = writeZip([{ name: innerName, stored: cell, method: 0, declaredSize: cell.length, crc: crc32(cell) }]).subarray(
      0,
      30 + innerName.length + cell.length,
    );
    const outer: RawEntry = { name: 'XX5DEMO1.000', stored: inner, method: 0, declaredSize: inner.length, crc: crc32(inner) };
    const nested = zipWithOffsets([outer], ['XX5DEMO1.000', innerName], () => 0, 30 + 'XX5DEMO1.000'.length);
    // The central record of the inner entry must describe it, not the outer one.
    const cdStart = nested.length - 22 - 2 * (46 + 12);
    const second = cdStart + 46 + 12;
    nested.writeUInt32LE(crc32(cell) >>> 0, second + 16);
    nested.writeUInt32LE(cell.length, second + 20);
    nested.writeUInt32LE(cell.length, second + 24);
    const res = await upload(p, nested);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'unsupported_file',
      message: expect.stringContaining('zip entries XX5DEMO1.000 and XX5DEMO2.000 overlap'),
    });

    // One entry whose central record claims more bytes than lie before the central directory.
    const part = cell.subarray(0, 100);
    const long = writeZip([{ name: 'XX5DEMO1.000', stored: part, method: 0, declaredSize: part.length, crc: crc32(part) }]);
    const record = long.length - 22 - (46 + 12);
    long.writeUInt32LE(120, record + 20);
    long.writeUInt32LE(120, record + 24);
    const into = await upload(p, long);
    expect(into.statusCode).toBe(400);
    expect(into.json().message).toContain('zip entry XX5DEMO1.000 runs into the central directory');
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('refuses 1,000 small entries that together compress more than the ratio allows (413), though each is under 1 MiB', async () => {
    const p = await loginProvider(t, 'Small Bombs Office');
    const before = await listBlobFiles(t);
    const block = Buffer.alloc(900 * 1024, 0x42);
    const deflated = deflateRawSync(block);
    const entries: RawEntry[] = Array.from({ length: 1000 }, (_, i) => ({
      name: `S${String(i).padStart(7, '0')}.000`,
      stored: deflated,
      method: 8,
      declaredSize: block.length,
      crc: crc32(block),
    }));
    const res = await upload(p, writeZip(entries));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringMatching(/set\.zip: its entries together compress more than 100:1 .*nothing was unpacked/),
    });
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('names charts by the S-57 file-name pattern only, and refuses control characters in entry names', async () => {
    const p = await loginProvider(t, 'Names Office');
    const cell = buildDemoHarbourCell();
    const res = await upload(p, zipSync({ 'ENC_ROOT/XX5DEMO1.000': cell, 'x/...000': cell, 'x/../AB.C.000': cell }));
    expect(res.statusCode).toBe(200);
    expect(res.json().charts.map((c: { chartName: string }) => c.chartName)).toEqual(['XX5DEMO1']);

    const bad = await upload(p, zipSync({ 'XX5D\u0001MO1.000': cell }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('control characters') });
  });
});

describe('the uncompressed bytes one user may keep staged', () => {
  let t: TestApp;
  const cell = buildDemoHarbourCell();
  beforeAll(async () => {
    t = await buildTestApp({ MAX_UNZIPPED_BYTES_PER_USER: Math.round(cell.length * 1.5) });
  });
  afterAll(() => t.close());

  it('refuses an upload past the per-user room until a staged one is reverted', async () => {
    const p = await loginProvider(t);
    const send = () =>
      postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'set.zip', data: zipSync({ 'XX5DEMO1.000': cell }) },
      ]);
    const first = await send();
    expect(first.statusCode).toBe(200);
    const second = await send();
    expect(second.statusCode).toBe(413);
    expect(second.json().message).toMatch(/unpacks to .* more than the .* allowed/);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/RevertEnc?guid=${first.json().guid}`, headers: p.headers })).statusCode,
    ).toBe(200);
    expect((await send()).statusCode).toBe(200);
  });

  it('judges the room on the declared sizes of every zip of an upload before unpacking any', async () => {
    const p = await loginProvider(t, 'Declared Office');
    const before = await listBlobFiles(t);
    // The first zip would fail while inflating (its CRC-32 is wrong); the second alone fits the
    // room, both together do not. The room is judged first, so the answer is the room's 413.
    const broken = writeZip([{ name: 'XX5DEMO1.000', stored: deflateRawSync(cell), method: 8, declaredSize: cell.length, crc: 1 }]);
    const res = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'files', filename: 'one.zip', data: broken },
      { name: 'files', filename: 'two.zip', data: zipSync({ 'XX5DEMO2.000': cell }) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringMatching(/two\.zip unpacks to .* more than the .* allowed/),
    });
    expect(await listBlobFiles(t)).toEqual(before);
  });

  it('counts the room an upload being unpacked has reserved, and frees it when that upload fails or its process is gone', async () => {
    const p = await loginProvider(t, 'Reserved Office');
    const send = (zip: Uint8Array) =>
      postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'set.zip', data: zip },
      ]);
    // Another process is unpacking an upload of this user (one cell's worth) and then dies.
    await reserveEncUpload(t.database.db, {
      guid: randomUUID(),
      geocontentId: p.gcId,
      createdBy: p.id,
      bytes: cell.length,
      processId: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // A zip whose entry would fail while inflating: the room is judged first, so the answer is 413.
    const broken = writeZip([{ name: 'XX5DEMO1.000', stored: deflateRawSync(cell), method: 8, declaredSize: cell.length, crc: 1 }]);
    const refused = await send(broken);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('payload_too_large');
    // The dead process's reservation is swept; now the broken zip is unpacked, fails, and gives its room back.
    expect((await t.app.sweepUploads()).expiredUploads).toBe(1);
    const failed = await send(broken);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toContain('CRC-32');
    expect((await send(zipSync({ 'XX5DEMO1.000': cell }))).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous zipped uploads into the room, the other unpacking nothing', async () => {
    const p = await loginProvider(t, 'Twice Zipped Office');
    const before = await listBlobFiles(t);
    const send = () =>
      postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'set.zip', data: zipSync({ 'XX5DEMO1.000': cell }) },
      ]);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 413]);
    const accepted = answers.find((a) => a.statusCode === 200)!.json().guid as string;
    const added = (await listBlobFiles(t)).filter((f) => !before.includes(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((f) => f.startsWith(`staging/${accepted}/`))).toBe(true);
  });

  it('lets only one of two simultaneous uploads into the room that fits one', async () => {
    const p = await loginProvider(t, 'Twice Office');
    const loose = () =>
      postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'gcid', value: String(p.gcId) },
        { name: 'files', filename: 'XX5DEMO1.000', data: cell },
      ]);
    const answers = await Promise.all([loose(), loose()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 413]);
  });
});
