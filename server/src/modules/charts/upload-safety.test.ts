import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { buildExchangeSet, createCellPermit, encryptCell, writePermitFile } from '@chartroom/s63';
import { run as runS63 } from '@chartroom/s63/cli-run';
import { writeFixture } from '@chartroom/s102/fixtures.test-helper';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onS3Store, type TestApp } from '../../../test/helper.js';
import { listBlobFiles, loginProvider, postFiles, type Part } from './charts.test-helper.js';

const HW = 'F0E1D';
const cellKey = new Uint8Array([3, 1, 4, 1, 5]);

/** The demo cell (issued in February 2024) with update 1 issued before and update 2 after its permit expired. */
function expiredDemoSet(): Uint8Array {
  return buildExchangeSet({
    cells: [
      { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(buildDemoHarbourCell(), 'XX5DEMO1.000', cellKey) },
      {
        name: 'XX5DEMO1',
        edition: 1,
        update: 1,
        encrypted: encryptCell(buildDemoHarbourUpdate(1, { issueDate: '20240210' }), 'XX5DEMO1.001', cellKey),
      },
      {
        name: 'XX5DEMO1',
        edition: 1,
        update: 2,
        encrypted: encryptCell(buildDemoHarbourUpdate(2, { issueDate: '20240301' }), 'XX5DEMO1.002', cellKey),
      },
    ],
    permitText: writePermitFile({
      enc: [{ permit: createCellPermit({ cellName: 'XX5DEMO1', expiry: '20240215', ck1: cellKey, ck2: cellKey, hwId: HW }) }],
    }),
  });
}

async function s102Fixture(broken: boolean): Promise<Uint8Array> {
  const path = join(mkdtempSync(join(tmpdir(), 's102-upload-')), 'fixture.h5');
  await writeFixture(path, { edition: '3.0', broken });
  return readFileSync(path);
}

describe('upload safety', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logStream: stream });
  });
  afterAll(() => t.close());

  const s63Parts = (zip: Uint8Array, gcId: number, deviceKey = HW): Part[] => [
    { name: 'deviceKey', value: deviceKey },
    { name: 'file', filename: 'set.zip', data: zip },
    { name: 'geocontentId', value: String(gcId) },
  ];
  const collection = async (p: { headers: Record<string, string>; gcId: number }) =>
    (await t.app.inject({ method: 'GET', url: `/charts/getCollection?gcid=${p.gcId}`, headers: p.headers })).json();

  it('refuses an S-63 upload that is not a zip at once (400), queuing nothing', async () => {
    const p = await loginProvider(t);
    const res = await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(new Uint8Array(5000).fill(9), p.gcId));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'unsupported_file',
      message: expect.stringContaining('set.zip is not a readable zip archive'),
    });
    expect(await t.app.jobs.drain()).toBe(0);
    expect((await collection(p)).conversion).toBeNull();
  });

  it('converts a set under an expired permit as the s63 command decides: SSE 25 kept, SSE 15 refused', async () => {
    const p = await loginProvider(t, 'Expired Office');
    const zip = expiredDemoSet();
    expect((await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(zip, p.gcId))).statusCode).toBe(200);
    // The conversion, then the map preparation of the cell it added (tiles.prepare).
    expect(await t.app.jobs.drain()).toBe(2);
    const list = await collection(p);
    expect(list.conversion.state).toBe('done');
    expect(
      list.conversion.cells.map((c: { update: number; status: string; warnings: { code: string }[] }) => [
        c.update,
        c.status,
        c.warnings.map((w) => w.code),
      ]),
    ).toEqual([
      [0, 'decrypted', ['SSE25']],
      [1, 'decrypted', ['SSE25']],
      [2, 'permit_expired', []],
    ]);
    expect(list.conversion.cells[2].reason).toMatch(/^XX5DEMO1\.002: SSE 15 - Subscription service has expired/);
    // The cell is listed as far as its permitted updates go.
    expect(list.charts).toEqual([expect.objectContaining({ name: 'XX5DEMO1', update: 1 })]);

    const path = join(mkdtempSync(join(tmpdir(), 's63-cli-')), 'set.zip');
    writeFileSync(path, zip);
    const cli = JSON.parse(runS63(['exchange-set', path, '--hwid', HW, '--json']).out) as {
      cells: { update: number; status: string; reason?: string; warnings?: { code: string; message: string }[] }[];
    };
    expect(cli.cells.map((c) => ({ update: c.update, status: c.status, reason: c.reason ?? null, warnings: c.warnings ?? [] }))).toEqual(
      list.conversion.cells.map(
        ({ update, status, reason, warnings }: { update: number; status: string; reason: string | null; warnings: unknown[] }) => ({
          update,
          status,
          reason,
          warnings,
        }),
      ),
    );
  });

  // File modes are the local disk store's; an S3 bucket has its own access policy.
  it.skipIf(onS3Store)('stores decrypted cells readable by the server user only (0600 files, 0700 folders)', async () => {
    const p = await loginProvider(t, 'Modes Office');
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(expiredDemoSet(), p.gcId));
    await t.app.jobs.drain();
    const cells = (await listBlobFiles(t)).filter((f) => f.startsWith(`charts/${p.gcId}/XX5DEMO1/`));
    expect(cells.length).toBeGreaterThan(0);
    for (const key of cells) {
      const full = join(t.dataDir, 'blobs', key);
      expect(statSync(full).mode & 0o777).toBe(0o600);
      for (let dir = dirname(full); dir !== t.dataDir; dir = dirname(dir)) expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
      expect(statSync(join(t.dataDir, 'blobs')).mode & 0o777).toBe(0o700);
    }
  });

  it('refuses an S-102 grid failing the S-158 checks with each finding, and a damaged one with its reason', async () => {
    const p = await loginProvider(t, 'S-102 Office');
    const before = await listBlobFiles(t);
    const send = (data: Uint8Array, filename = 'grid.h5') =>
      postFiles(t, '/api/geocontent/adds102', p.headers, [
        { name: 'files', filename, data },
        { name: 'gcid', value: String(p.gcId) },
      ]);
    const broken = await send(await s102Fixture(true));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^grid\.h5 fails the S-158 checks: /);
    expect(broken.json().details.length).toBeGreaterThan(1);
    expect(broken.json().params).toEqual({ file: 'grid.h5', reason: 's158' });
    expect(broken.json().details[0]).toMatchObject({ code: 's158', params: { file: 'grid.h5' } });

    const good = await s102Fixture(false);
    // Bits flipped in the HDF5 superblock and object headers: every copy is answered, none with a 500.
    for (const at of [9, 13, 24, 40, 64, 96, 200, 400, 800]) {
      const flipped = Uint8Array.from(good);
      flipped[at] = flipped[at]! ^ 0xff;
      const res = await send(flipped, `flipped-${at}.h5`);
      expect([200, 400], `bit flip at ${at}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message).toContain(`flipped-${at}.h5`);
    }
    const superblock = Uint8Array.from(good);
    superblock[9] = superblock[9]! ^ 0xff;
    const damaged = await send(superblock, 'damaged.h5');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringMatching(/^damaged\.h5 /) });
    expect((await listBlobFiles(t)).filter((f) => f.startsWith('staging/'))).toEqual(before.filter((f) => f.startsWith('staging/')));
  });

  it('never shows a server path in the error of any upload route', async () => {
    const p = await loginProvider(t, 'Paths Office');
    const junk = new Uint8Array(3000).map((_, i) => (i * 31) % 256);
    const cases: { url: string; parts: Part[] }[] = [
      {
        url: '/api/geocontent/addenc',
        parts: [
          { name: 'files', filename: 'set.zip', data: junk },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      {
        url: '/api/geocontent/addenc',
        parts: [
          { name: 'files', filename: 'set.zip', data: zipSync({ 'XX5D\u0002MO1.000': junk }) },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      {
        url: '/api/geocontent/addenc',
        parts: [
          { name: 'files', filename: 'notes.txt', data: junk },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      { url: '/api/geocontent/AddS63ToGeocontent', parts: s63Parts(junk, p.gcId) },
      { url: '/api/geocontent/AddS63ToGeocontent', parts: s63Parts(junk, p.gcId, 'not-a-key') },
      {
        url: '/api/geocontent/adds102',
        parts: [
          { name: 'files', filename: 'grid.h5', data: junk },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      {
        url: '/api/geocontent/adds102',
        parts: [
          { name: 'files', filename: 'grid.h5', data: await s102Fixture(true) },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      {
        url: '/api/ntm',
        parts: [
          { name: 'file', filename: 'ntm.pdf', data: junk },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      { url: '/api/geocontent/addraw', parts: [{ name: 'file', filename: 'depth.xyz', data: junk }] },
      {
        url: '/api/geocontent/adds102',
        parts: [
          { name: 'files', filename: 'grid.h5', data: Uint8Array.from(await s102Fixture(false), (b, i) => (i === 9 ? b ^ 0xff : b)) },
          { name: 'gcid', value: String(p.gcId) },
        ],
      },
      {
        url: '/api/navmessages',
        parts: [
          { name: 'images', filename: 'x.png', data: junk },
          { name: 'gcid', value: String(p.gcId) },
          { name: 'text', value: 'x' },
        ],
      },
    ];
    for (const c of cases) {
      const res = await postFiles(t, c.url, p.headers, c.parts);
      expect(res.statusCode, `${c.url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.url} ${res.body}`).toBeLessThan(500);
      expect(res.body, c.url).not.toContain(t.dataDir);
      expect(res.body, c.url).not.toMatch(/blobs\/|staging\/|\/tmp\//);
    }
  });

  it('never writes the S-63 device key to the log', async () => {
    const p = await loginProvider(t, 'Log Office');
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(expiredDemoSet(), p.gcId));
    await postFiles(t, '/api/geocontent/AddS63ToGeocontent', p.headers, s63Parts(expiredDemoSet(), p.gcId, 'F0E1DX'));
    await t.app.jobs.drain();
    expect(logLines.length).toBeGreaterThan(3);
    expect(logLines.join('\n')).not.toMatch(/F0E1D/i);
  });
});
