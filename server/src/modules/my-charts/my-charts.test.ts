import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildDemoHarbourUpdate } from '@chartroom/s57';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { licenses } from '../../db/schema/index.js';
import {
  applyCells,
  createActivation,
  seedApplications,
  seedChartsProduct,
  seedRedeemedDevice,
  userPermitFor,
} from '../device-api/device-api.test-helper.js';

const run = promisify(execFile);

/** The PDF's text as poppler's pdftotext reads it (poppler-utils; .ci/run installs it, so its absence fails). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'status-report-'));
  try {
    await writeFile(join(dir, 'report.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'report.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The CSV report read back: the name/value lines above the empty line, then the table. */
function readCsv(text: string) {
  expect(text.startsWith('\ufeff')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.at(-1)).toBe('');
  const blank = lines.indexOf('');
  const head = lines.slice(0, blank).map((l) => l.split(','));
  const [columns, ...rows] = lines.slice(blank + 1, -1).map((l) => l.split(','));
  return { head, columns: columns!, rows };
}

describe('my charts: what each device holds, and its ENC update status report', () => {
  let t: TestApp;
  let productId: number;
  let provider: Awaited<ReturnType<typeof seedChartsProduct>>['provider'];
  let ship: Awaited<ReturnType<typeof seedRedeemedDevice>>;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    ({ productId, provider } = await seedChartsProduct(t, 1));
    ship = await seedRedeemedDevice(t, { productId, hwId: '1A2B3' });
  });
  afterAll(() => t.close());

  const charts = async (headers = ship.user.headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/charts', headers });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      devices: { installationId: number; deviceId: string }[];
      cells: {
        name: string;
        edition: number;
        update: number;
        licenseIds: number[];
        band: number | null;
        status: Record<string, string>;
        held: Record<string, { edition: number; update: number } | null>;
      }[];
    };
  };
  const statusOnShip = async () => (await charts()).cells.find((c) => c.name === 'XX5DEMO1')?.status[String(ship.installationId)];
  const buildSet = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app/v1/exchange-sets', headers: ship.deviceHeaders, payload });
    expect(res.statusCode).toBe(201);
    return res.json() as { url: string; size: number; cells: { name: string; files: string[] }[] };
  };
  const download = (url: string, range?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...ship.deviceHeaders, ...(range ? { range } : {}) } });

  it('moves the status as the device downloads a full set, the provider applies an update, the device downloads the delta', async () => {
    const before = await charts();
    expect(before.devices).toEqual([{ installationId: ship.installationId, deviceId: ship.deviceId, applicationTypeId: 101 }]);
    expect(before.cells).toHaveLength(1);
    expect(before.cells[0]).toMatchObject({ product: 'S-57', name: 'XX5DEMO1', update: 1, licenseIds: [ship.license.id] });
    expect(before.cells[0]!.status).toEqual({ [ship.installationId]: 'not-on-board' });
    expect(before.cells[0]!.held).toEqual({ [ship.installationId]: null });

    // Built but not downloaded, then downloaded only in part: nothing is on board yet.
    const full = await buildSet({ productVersions: [] });
    expect(full.cells[0]!.files).toEqual(['XX5DEMO1.000', 'XX5DEMO1.001']);
    expect(await statusOnShip()).toBe('not-on-board');
    const part = await download(full.url, 'bytes=0-99');
    expect(part.statusCode).toBe(206);
    await new Promise((r) => setTimeout(r, 50));
    expect(await statusOnShip()).toBe('not-on-board');

    // The rest, resumed to the last byte: the device holds the latest.
    const rest = await download(full.url, 'bytes=100-');
    expect(rest.statusCode).toBe(206);
    await vi.waitFor(async () => expect(await statusOnShip()).toBe('current'));

    await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
    const updated = (await charts()).cells[0]!;
    expect(updated.update).toBe(2);
    expect(updated.status[String(ship.installationId)]).toBe('update-available');
    expect(updated.held[String(ship.installationId)]).toEqual({ edition: updated.edition, update: 1 });

    const delta = await buildSet({ productVersions: [{ name: 'XX5DEMO1', edition: updated.edition, update: 1 }] });
    expect(delta.cells[0]!.files).toEqual(['XX5DEMO1.002']);
    expect((await download(delta.url)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await statusOnShip()).toBe('current'));
  });

  it("answers a CSV report read back cell by cell, and a PDF whose text names the cell, in the user's language", async () => {
    const url = `/api/user/devices/${ship.installationId}/status-report`;
    const csv = await t.app.inject({ method: 'GET', url: `${url}?format=csv`, headers: ship.user.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="enc-status-SHIP-1A2B3-\d{4}-\d{2}-\d{2}\.csv"/);
    const read = readCsv(csv.body);
    expect(read.head[0]).toEqual(['ENC update status report']);
    expect(read.head).toContainEqual(['Device', ship.deviceId]);
    expect(read.head).toContainEqual(['Report date', new Date().toISOString().slice(0, 10)]);
    expect(read.columns).toEqual([
      'Cell',
      'Edition held',
      'Update held',
      'Received',
      'Latest edition',
      'Latest update',
      'Issue date',
      'Status',
    ]);
    const cell = (await charts()).cells[0]!;
    expect(read.rows).toEqual([
      [
        'XX5DEMO1',
        String(cell.edition),
        '2',
        new Date().toISOString().slice(0, 10),
        String(cell.edition),
        '2',
        expect.any(String),
        'Up to date',
      ],
    ]);

    const pdf = await t.app.inject({ method: 'GET', url: `${url}?format=pdf`, headers: ship.user.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('ENC update status report');
    expect(text).toContain(ship.deviceId);
    expect(text).toMatch(/XX5DEMO1\s.*Up to date/);

    const locale = await t.app.inject({ method: 'POST', url: '/users/locale', headers: ship.user.headers, payload: { locale: 'ru' } });
    expect(locale.statusCode).toBe(200);
    const ru = await pdfText((await t.app.inject({ method: 'GET', url, headers: ship.user.headers })).rawPayload);
    expect(ru).toContain('Отчёт о состоянии обновления ЭНК');
    expect(ru).toMatch(/XX5DEMO1\s.*Актуальна/);
    const ruCsv = readCsv((await t.app.inject({ method: 'GET', url: `${url}?format=csv`, headers: ship.user.headers })).body);
    expect(ruCsv.rows[0]!.at(-1)).toBe('Актуальна');
    await t.app.inject({ method: 'POST', url: '/users/locale', headers: ship.user.headers, payload: { locale: 'en' } });
  });

  it("answers 404 for another user's device and 400 for an unknown format", async () => {
    const stranger = await t.loginAs('user');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/devices/${ship.installationId}/status-report?format=csv`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(await charts(stranger.headers)).toEqual({ devices: [], cells: [] });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/user/devices/${ship.installationId}/status-report?format=docx`,
      headers: ship.user.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/charts' })).statusCode).toBe(401);
  });

  it('describes both calls on the OpenAPI page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/user/charts']!.get!.responses)).toContain('200');
    const report = doc.paths['/api/user/devices/{installationId}/status-report']!.get!;
    expect(report.parameters!.map((p) => p.name).sort()).toEqual(['format', 'installationId']);
  });

  it('forgets what the old hardware held once the device moves to new hardware (swap)', async () => {
    const other = await seedRedeemedDevice(t, { productId, hwId: 'C0FFE', deviceCount: 1 });
    const status = async () => (await charts(other.user.headers)).cells[0]!.status[String(other.installationId)];
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: other.deviceHeaders,
      payload: { productVersions: [] },
    });
    expect((await t.app.inject({ method: 'GET', url: set.json().url, headers: other.deviceHeaders })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await status()).toBe('current'));
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/swap',
      headers: other.deviceHeaders,
      payload: { deviceId: other.deviceId, platformId: 1, userPermit: userPermitFor('BEEF1') },
    });
    expect(moved.statusCode).toBe(200);
    const after = await charts(other.user.headers);
    expect(after.devices).toEqual([{ installationId: moved.json().installationIds[0], deviceId: other.deviceId, applicationTypeId: 101 }]);
    expect(after.cells[0]!.status).toEqual({ [moved.json().installationIds[0]]: 'not-on-board' });
  });

  it('forgets what an installation held once a fresh install of the app redeems it again', async () => {
    const other = await seedRedeemedDevice(t, { productId, hwId: 'D00D2', deviceCount: 1 });
    const status = async () => (await charts(other.user.headers)).cells[0]!.status[String(other.installationId)];
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: other.deviceHeaders,
      payload: { productVersions: [] },
    });
    expect((await t.app.inject({ method: 'GET', url: set.json().url, headers: other.deviceHeaders })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await status()).toBe('current'));
    const code = await createActivation(t, other.deviceId, other.user.headers);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId: other.deviceId, platformId: 1, applicationTypeId: 101, userPermit: userPermitFor('D00D2') },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().installationId).toBe(other.installationId);
    expect(await status()).toBe('not-on-board');
  });

  it("turns a cell 'expired' when the licence covering it expires", async () => {
    await t.database.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(licenses.id, ship.license.id));
    expect(await statusOnShip()).toBe('expired');
    const read = readCsv(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/devices/${ship.installationId}/status-report?format=csv`,
          headers: ship.user.headers,
        })
      ).body,
    );
    expect(read.rows[0]!.at(-1)).toBe('Licence expired');
  });
});
