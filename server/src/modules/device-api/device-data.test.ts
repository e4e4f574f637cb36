import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { licenses } from '../../db/schema/index.js';
import { makePdf, makePng } from '../../db/seed/catalog-data-files.js';
import { seedProduct } from '../../db/seed/licensing-demo.js';
import { seedApplications, seedChartsProduct, seedRedeemedDevice } from './device-api.test-helper.js';

// Issue 35: everything a licence's product switches on reaches the device — listed in entitlements
// and update checks, and downloaded with the device token (Range, ETag, 304), with the checks of
// exchange sets (current licence, the device's own licences).

function form(fields: Record<string, string>, files: { field: string; bytes: Buffer | string; name: string; type: string }[] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const file of files) f.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  return f;
}

describe('device API: NTM, POI releases, navigation messages and raw depth', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof seedChartsProduct>>['provider'];
  let encOnlyProductId: number;
  let allKindsProductId: number;
  const pdf = makePdf(['NTM 47/2026', 'Light XX5 extinguished']);
  const xyz = '10.01 54.01 3.5\n10.02 54.02 7.25\n';
  const png = makePng(8, 6, [0, 60, 120], [0, 20, 40]);
  let ntmId: number;
  let rawDepthId: number;
  let poiReleaseId: number;

  beforeAll(async () => {
    t = await buildTestApp({ DEVICE_REDEEMS_PER_MINUTE: 1000, DEVICE_CALLS_PER_MINUTE: 1000 });
    await seedApplications(t);
    ({ provider, productId: encOnlyProductId } = await seedChartsProduct(t, 1));
    const gcid = String(provider.gcId);
    // The same geocontent's corporate product switches every kind on.
    allKindsProductId = (
      await seedProduct(t.database.db, { geocontentId: provider.gcId, licType: 'corp', ntm: true, poi: true, navMsg: true, s102: true })
    ).id;
    const h = provider.headers;
    const ntm = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: h,
      payload: form({ gcid, description: 'Light out' }, [{ field: 'file', bytes: pdf, name: 'ntm-47.pdf', type: 'application/pdf' }]),
    });
    expect(ntm.statusCode).toBe(200);
    ntmId = ntm.json().id;
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/geocontent/addraw',
      headers: h,
      payload: form({ gcid }, [{ field: 'file', bytes: xyz, name: 'survey.xyz', type: 'text/plain' }]),
    });
    expect(raw.statusCode).toBe(200);
    rawDepthId = raw.json().id;
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/PublishRawDepth?rdid=${rawDepthId}`, headers: h })).statusCode).toBe(
      200,
    );
    const poi = { name: 'Fuel pier', category: 'fuel', description: 'Diesel', lat: 54.03, lng: 10.05 };
    expect((await t.app.inject({ method: 'POST', url: `/api/poi?gcid=${gcid}`, headers: h, payload: poi })).statusCode).toBe(200);
    const release = await t.app.inject({ method: 'GET', url: `/api/geocontent/ConvertPoi?gcid=${gcid}`, headers: h });
    expect(release.statusCode).toBe(200);
    poiReleaseId = release.json().id;
  });
  afterAll(() => t.close());

  it('lists every kind a product with all of them switched on covers, with versions', async () => {
    const d = await seedRedeemedDevice(t, { productId: allKindsProductId, hwId: 'D1A11' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: d.user.headers,
      payload: form({ gcid: String(provider.gcId), text: 'Buoy missing', lat: '54.02', lng: '10.04' }, [
        { field: 'images', bytes: png, name: 'buoy.png', type: 'image/png' },
      ]),
    });
    expect(sent.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: d.deviceHeaders });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e.cells).toEqual([expect.objectContaining({ name: 'XX5DEMO1', edition: 1, update: 1 })]);
    expect(e.ntms).toEqual([
      {
        id: ntmId,
        geocontentId: provider.gcId,
        filename: 'ntm-47.pdf',
        size: pdf.length,
        description: 'Light out',
        addDate: expect.any(String),
      },
    ]);
    expect(e.poiReleases).toEqual([{ id: poiReleaseId, geocontentId: provider.gcId, itemsCount: 1, timestamp: expect.any(String) }]);
    expect(e.navMessages).toEqual([expect.objectContaining({ geocontentId: provider.gcId, text: 'Buoy missing', lat: 54.02, lng: 10.04 })]);
    const [image] = e.navMessages[0].images;
    expect(image).toEqual({ id: expect.any(Number), mimetype: 'image/png', size: png.length });
    const picture = await t.app.inject({ method: 'GET', url: `/api/app/v1/nav-messages/images/${image.id}`, headers: d.deviceHeaders });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/app/v1/nav-messages/images/${image.id}`,
      headers: { ...d.deviceHeaders, 'if-none-match': picture.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const encOnly = await seedRedeemedDevice(t, { productId: encOnlyProductId, hwId: 'D7A77' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/app/v1/nav-messages/images/${image.id}`,
      headers: encOnly.deviceHeaders,
    });
    expect(refused.statusCode).toBe(404);
    expect(e.rawDepthFiles).toEqual([expect.objectContaining({ id: rawDepthId, filename: 'survey.xyz', size: xyz.length })]);

    const messages = await t.app.inject({ method: 'GET', url: '/api/app/v1/nav-messages', headers: d.deviceHeaders });
    expect(messages.statusCode).toBe(200);
    expect(messages.json().navMessages.map((m: { text: string }) => m.text)).toEqual(['Buoy missing']);
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/app/v1/nav-messages?since=${encodeURIComponent(messages.json().serverTime)}`,
      headers: d.deviceHeaders,
    });
    expect(later.json().navMessages).toEqual([]);
  });

  it('gives an ENC-only product none of the other kinds', async () => {
    const d = await seedRedeemedDevice(t, { productId: encOnlyProductId, hwId: 'D2B22' });
    const e = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: d.deviceHeaders })).json();
    expect(e.cells).toHaveLength(1);
    expect([e.ntms, e.poiReleases, e.navMessages, e.rawDepthFiles]).toEqual([[], [], [], []]);
  });

  it('lists a product that switches on NTM alone, without cells, and serves its documents', async () => {
    const ntmOnly = await seedProduct(t.database.db, { geocontentId: provider.gcId, licType: 'free', enc: false, ntm: true });
    const d = await seedRedeemedDevice(t, { productId: ntmOnly.id, hwId: 'D6F66' });
    const e = (await t.app.inject({ method: 'GET', url: '/api/app/v1/entitlements', headers: d.deviceHeaders })).json();
    expect(e.products).toEqual([expect.objectContaining({ licenseId: d.license.id, productId: ntmOnly.id })]);
    expect(e.expiresAt).toBe(d.license.expiresAt!.toISOString());
    expect(e.cells).toEqual([]);
    expect(e.ntms.map((n: { id: number }) => n.id)).toContain(ntmId);
    expect([e.poiReleases, e.navMessages, e.rawDepthFiles]).toEqual([[], [], []]);
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/ntm/${ntmId}`, headers: d.deviceHeaders })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/raw-depth/${rawDepthId}`, headers: d.deviceHeaders })).statusCode).toBe(
      404,
    );
  });

  it('downloads each file whole (200), by range (206) and not again (304), and refuses an expired licence or another device', async () => {
    const d = await seedRedeemedDevice(t, { productId: allKindsProductId, hwId: 'D3C33' });
    const other = await seedRedeemedDevice(t, { productId: encOnlyProductId, hwId: 'D4D44' });
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

    const ntmUrl = `/api/app/v1/ntm/${ntmId}`;
    const whole = await get(ntmUrl, d.deviceHeaders);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const etag = whole.headers.etag as string;
    const part = await get(ntmUrl, { ...d.deviceHeaders, range: 'bytes=4-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-${pdf.length - 1}/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(4))).toBe(true);
    const same = await get(ntmUrl, { ...d.deviceHeaders, 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const raw = await get(`/api/app/v1/raw-depth/${rawDepthId}`, d.deviceHeaders);
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe(xyz);
    expect((await get(`/api/app/v1/raw-depth/${rawDepthId}`, { ...d.deviceHeaders, range: 'bytes=0-4' })).body).toBe(xyz.slice(0, 5));
    expect(
      (await get(`/api/app/v1/raw-depth/${rawDepthId}`, { ...d.deviceHeaders, 'if-none-match': raw.headers.etag as string })).statusCode,
    ).toBe(304);

    const poiUrl = `/api/app/v1/poi-releases/${poiReleaseId}`;
    const poi = await get(poiUrl, d.deviceHeaders);
    expect(poi.statusCode).toBe(200);
    expect(poi.json()).toMatchObject({
      id: poiReleaseId,
      itemsCount: 1,
      items: [expect.objectContaining({ name: 'Fuel pier', category: 'fuel' })],
    });
    expect(poi.headers.etag).toBe(`"${poi.headers['x-content-sha256']}"`);
    const poiPart = await get(poiUrl, { ...d.deviceHeaders, range: 'bytes=0-9' });
    expect(poiPart.statusCode).toBe(206);
    expect(poiPart.body).toBe(poi.body.slice(0, 10));
    expect((await get(poiUrl, { ...d.deviceHeaders, 'if-none-match': poi.headers.etag as string })).statusCode).toBe(304);

    // Another device, whose product does not switch these kinds on: as if they did not exist.
    for (const url of [ntmUrl, poiUrl, `/api/app/v1/raw-depth/${rawDepthId}`]) {
      const refused = await get(url, other.deviceHeaders);
      expect(refused.statusCode, url).toBe(404);
    }
    expect((await get(ntmUrl, {})).statusCode).toBe(401);
    expect((await get('/api/app/v1/ntm/999999', d.deviceHeaders)).statusCode).toBe(404);

    // The licence expires: the same device is refused with license_expired, and lists nothing more.
    await t.database.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licenses.id, d.license.id));
    for (const url of [ntmUrl, poiUrl, `/api/app/v1/raw-depth/${rawDepthId}`]) {
      const expired = await get(url, d.deviceHeaders);
      expect(expired.statusCode, url).toBe(409);
      expect(expired.json().code).toBe('license_expired');
    }
    const e = (await get('/api/app/v1/entitlements', d.deviceHeaders)).json();
    expect([e.ntms, e.poiReleases, e.navMessages, e.rawDepthFiles]).toEqual([[], [], [], []]);
  });

  it('reports an NTM added after `since` in the update check', async () => {
    const d = await seedRedeemedDevice(t, { productId: allKindsProductId, hwId: 'D5E55' });
    const first = await t.app.inject({ method: 'GET', url: '/api/app/v1/updates', headers: d.deviceHeaders });
    expect(first.statusCode).toBe(200);
    expect(first.json().ntms.map((n: { id: number }) => n.id)).toContain(ntmId);
    const since = first.json().serverTime as string;
    const check = () =>
      t.app.inject({ method: 'GET', url: `/api/app/v1/updates?since=${encodeURIComponent(since)}`, headers: d.deviceHeaders });
    expect((await check()).statusCode).toBe(304);

    await new Promise((r) => setTimeout(r, 5));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: provider.headers,
      payload: form({ gcid: String(provider.gcId) }, [{ field: 'file', bytes: pdf, name: 'ntm-48.pdf', type: 'application/pdf' }]),
    });
    expect(added.statusCode).toBe(200);
    const changed = await check();
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      cells: [],
      ntms: [expect.objectContaining({ id: added.json().id, filename: 'ntm-48.pdf' })],
      poiReleases: [],
      navMessages: [],
      rawDepthFiles: [],
    });
  });

  it('documents the new calls on the OpenAPI page: device security, every status, the new fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/app/v1/ntm/{id}',
      '/api/app/v1/poi-releases/{id}',
      '/api/app/v1/raw-depth/{id}',
      '/api/app/v1/nav-messages/images/{id}',
    ]) {
      const op = doc.paths[path].get;
      expect(op.security, path).toEqual([{ deviceToken: [] }]);
      expect(Object.keys(op.responses).sort(), path).toEqual(['200', '206', '304', '400', '401', '404', '409', '416', '429']);
      expect(JSON.stringify(op.responses['200'].content), path).toContain('"format":"binary"');
    }
    const messages = doc.paths['/api/app/v1/nav-messages'].get;
    expect(Object.keys(messages.responses['200'].content['application/json'].schema.properties)).toEqual(['serverTime', 'navMessages']);
    const entitlements = doc.paths['/api/app/v1/entitlements'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(entitlements.properties)).toEqual(expect.arrayContaining(['ntms', 'poiReleases', 'navMessages', 'rawDepthFiles']));
    const orders = doc.paths['/api/app/v1/orders'].post;
    expect(orders.security).toEqual([{ bearer: [] }, { deviceToken: [] }]);
    expect(Object.keys(orders.requestBody.content['application/json'].schema.properties)).toContain('deviceInstallationId');
    expect(doc.paths['/api/installation/activate'].post.description).toContain('24 hours');
  });
});
