import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { makePng, makeXyz } from '../../db/seed/catalog-data-files.js';
import { seedProvider } from '../../db/seed/factories.js';

function rawForm(fields: Record<string, string>, file?: { bytes: Buffer | string; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  return form;
}

describe('raw depth files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MAX_UPLOAD_BYTES: 256 * 1024 });
  });
  afterAll(() => t.close());

  // Whichever store holds them (local disk, or S3 with TEST_BLOB_STORE=s3).
  const storedFiles = () => t.app.blobs.list('raw');
  async function providerWithGeocontent(title: string) {
    const login = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, { ownerUserId: login.id, title, geocontentTitle: `${title} Charts` });
    return { ...login, gcid: geocontent.id };
  }
  const upload = (p: { headers: Record<string, string>; gcid: number }, file: { bytes: Buffer | string; name: string }, descr?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/geocontent/addraw',
      headers: p.headers,
      payload: rawForm({ gcid: String(p.gcid), ...(descr ? { descr } : {}) }, file),
    });

  it('reads an XYZ file: point count, extent and depth range', async () => {
    const p = await providerWithGeocontent('Survey');
    const xyz = '# survey 2025\n-76.5 38.9 3.25\n-76.4 38.95 12.5\n\n-76.45 39.0 7\n';
    const res = await upload(p, { bytes: xyz, name: 'survey.xyz' }, 'Harbour survey');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filename: 'survey.xyz',
      description: 'Harbour survey',
      isPublished: false,
      summary: { format: 'xyz', pointCount: 3, bbox: { minX: -76.5, minY: 38.9, maxX: -76.4, maxY: 39.0 }, minDepth: 3.25, maxDepth: 12.5 },
    });
    const grid = await upload(p, { bytes: makeXyz({ lon: 10, lat: 54, step: 0.01, size: 30, baseDepth: 2 }), name: 'grid.txt' });
    expect(grid.json().summary).toMatchObject({ pointCount: 900, minDepth: 2, maxDepth: 7 });
  });

  it('reads a CSV with a lat,lon,depth header in its own column order', async () => {
    const p = await providerWithGeocontent('Csv');
    const res = await upload(p, { bytes: 'lat,lon,depth\r\n54.1,10.2,5.5\r\n54.3,10.0,8\r\n', name: 'soundings.csv' });
    expect(res.json().summary).toEqual({
      format: 'csv',
      pointCount: 2,
      bbox: { minX: 10.0, minY: 54.1, maxX: 10.2, maxY: 54.3 },
      minDepth: 5.5,
      maxDepth: 8,
    });
  });

  it('keeps any other file as it is, without a summary', async () => {
    const p = await providerWithGeocontent('Binary');
    const png = makePng(8, 8, [0, 0, 0], [255, 255, 255]);
    const res = await upload(p, { bytes: png, name: 'mbes.all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ filename: 'mbes.all', size: png.length, summary: null });
    const file = await t.app.inject({ method: 'GET', url: `/api/rawdepth/${res.json().id}`, headers: p.headers });
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('publishes, hides and deletes', async () => {
    const p = await providerWithGeocontent('Toggle');
    const item = (await upload(p, { bytes: '1 2 3\n', name: 'a.xyz' })).json();
    const list = () => t.app.inject({ method: 'GET', url: `/api/geocontent/GetRawDepthList?geoContentId=${p.gcid}`, headers: p.headers });
    expect((await list()).json()).toMatchObject([
      { id: item.id, timestamp: expect.any(String), filename: 'a.xyz', description: null, isPublished: false },
    ]);

    const pub = await t.app.inject({ method: 'GET', url: `/api/geocontent/PublishRawDepth?rdid=${item.id}`, headers: p.headers });
    expect(pub.json()).toBe(1);
    expect((await list()).json()[0].isPublished).toBe(true);
    const hide = await t.app.inject({ method: 'GET', url: `/api/geocontent/HideRawDepth?rdid=${item.id}`, headers: p.headers });
    expect(hide.json()).toBe(1);
    expect((await list()).json()[0].isPublished).toBe(false);

    const before = (await storedFiles()).length;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/rawdepth/${item.id}`, headers: p.headers });
    expect(del.statusCode).toBe(200);
    expect((await list()).json()).toEqual([]);
    expect(await storedFiles()).toHaveLength(before - 1);
  });

  it('refuses an over-limit or empty upload and keeps nothing', async () => {
    const p = await providerWithGeocontent('Limits');
    const before = (await storedFiles()).length;
    const big = await upload(p, { bytes: Buffer.alloc(300 * 1024, 0x31), name: 'big.xyz' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('256 KB');
    const empty = await upload(p, { bytes: '', name: 'empty.xyz' });
    expect(empty.statusCode).toBe(400);
    expect(await storedFiles()).toHaveLength(before);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetRawDepthList?geoContentId=${p.gcid}`, headers: p.headers })).json(),
    ).toEqual([]);
  });

  it("answers 404 to a second provider on the first one's geocontent everywhere", async () => {
    const a = await providerWithGeocontent('Alpha');
    const b = await providerWithGeocontent('Bravo');
    const item = (await upload(a, { bytes: '1 2 3\n', name: 'a.xyz' })).json();
    const before = (await storedFiles()).length;
    expect((await upload({ headers: b.headers, gcid: a.gcid }, { bytes: '1 2 3\n', name: 'b.xyz' })).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(before);
    for (const [method, url] of [
      ['GET', `/api/geocontent/GetRawDepthList?geoContentId=${a.gcid}`],
      ['GET', `/api/geocontent/PublishRawDepth?rdid=${item.id}`],
      ['GET', `/api/geocontent/HideRawDepth?rdid=${item.id}`],
      ['GET', `/api/rawdepth/${item.id}`],
      ['DELETE', `/api/rawdepth/${item.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: b.headers })).statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/geocontent/GetRawDepthList?geoContentId=${a.gcid}`, headers: a.headers });
    expect(list.json()).toMatchObject([{ id: item.id, isPublished: false }]);
  });
});
