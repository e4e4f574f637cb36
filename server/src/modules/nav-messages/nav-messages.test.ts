import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { makePdf, makePng } from '../../db/seed/catalog-data-files.js';
import { seedProvider } from '../../db/seed/factories.js';
import { eq } from 'drizzle-orm';
import { activations, users } from '../../db/schema/index.js';

function messageForm(fields: Record<string, string>, images: { bytes: Buffer; name: string; type?: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const i of images) form.append('images', new Blob([i.bytes], { type: i.type ?? 'image/png' }), i.name);
  return form;
}

describe('navigation messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Whichever store holds them (local disk, or S3 with TEST_BLOB_STORE=s3).
  const storedFiles = () => t.app.blobs.list('navmessages');
  async function providerWithGeocontent(title: string) {
    const login = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, { ownerUserId: login.id, title, geocontentTitle: `${title} Charts` });
    return { ...login, gcid: geocontent.id };
  }
  async function activatedDevice() {
    const user = await t.loginAs('user');
    await t.database.db.insert(activations).values({
      code: `CODE${user.id}`,
      deviceId: `DEV-${user.id}`,
      applicationTypeId: 101,
      platformId: 3,
      durationMonths: 12,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return user;
  }
  const png = makePng(16, 12, [0, 60, 120], [0, 20, 40]);

  it('takes a message from an activated device and shows it to the owning provider', async () => {
    const p = await providerWithGeocontent('Messages');
    const device = await activatedDevice();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'Unlit buoy', lat: '38.9581234', lng: '-76.4524567' }, [
        { bytes: png, name: 'buoy.png' },
      ]),
    });
    expect(sent.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `/api/navmessages?gcid=${p.gcid}`, headers: p.headers });
    expect(list.statusCode).toBe(200);
    const [message] = list.json();
    expect(message).toMatchObject({ id: sent.json().id, text: 'Unlit buoy', latLng: [38.9581234, -76.4524567] });
    expect(message.images).toHaveLength(1);

    const image = await t.app.inject({ method: 'GET', url: message.images[0].url, headers: p.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: message.images[0].url })).statusCode).toBe(401);

    const before = (await storedFiles()).length;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/navmessages/${message.id}`, headers: p.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/navmessages?gcid=${p.gcid}`, headers: p.headers })).json()).toEqual([]);
    expect(await storedFiles()).toHaveLength(before - 1);
    expect((await t.app.inject({ method: 'GET', url: message.images[0].url, headers: p.headers })).statusCode).toBe(404);
  });

  it('refuses a user without an activated device', async () => {
    const p = await providerWithGeocontent('Closed');
    const user = await t.loginAs('user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: user.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'Hi', lat: '1', lng: '2' }),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/navmessages',
          payload: messageForm({ gcid: String(p.gcid), text: 'Hi', lat: '1', lng: '2' }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('checks images by content and size and keeps nothing of a refused message', async () => {
    const p = await providerWithGeocontent('Images');
    const device = await activatedDevice();
    const before = (await storedFiles()).length;
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'x', lat: '1', lng: '2' }, [
        { bytes: png, name: 'ok.png' },
        { bytes: makePdf(['not an image']), name: 'photo.png' },
      ]),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('photo.png') });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'x', lat: '1', lng: '2' }, [
        { bytes: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), name: 'huge.png' },
      ]),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toContain('10 MB');
    const badLat = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'x', lat: '95', lng: '2' }),
    });
    expect(badLat.statusCode).toBe(400);
    expect(badLat.json().details[0].path).toBe('body.lat');
    expect(await storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/navmessages?gcid=${p.gcid}`, headers: p.headers })).json()).toEqual([]);
  });

  it("answers 404 to a second provider on the first one's geocontent everywhere", async () => {
    const a = await providerWithGeocontent('Alpha');
    const b = await providerWithGeocontent('Bravo');
    const device = await activatedDevice();
    const sent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/navmessages',
        headers: device.headers,
        payload: messageForm({ gcid: String(a.gcid), text: 'Wreck', lat: '1', lng: '2' }, [{ bytes: png, name: 'w.png' }]),
      })
    ).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/navmessages?gcid=${a.gcid}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/navmessages/${sent.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: sent.images[0].url, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: sent.images[0].url, headers: device.headers })).statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: '999999', text: 'x', lat: '1', lng: '2' }),
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/navmessages?gcid=${a.gcid}`, headers: a.headers })).json()).toHaveLength(1);
  });

  it('lists the messages of the geocontent setCurrentGC stored when GET /api/navmessages gets no gcid', async () => {
    const p = await providerWithGeocontent('Current');
    const get = (url: string, headers = p.headers) => t.app.inject({ method: 'GET', url, headers });
    const second = (await get('/api/geocontent/create2?gcTitle=Second%20charts')).json();
    const device = await activatedDevice();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/navmessages',
      headers: device.headers,
      payload: messageForm({ gcid: String(p.gcid), text: 'Drifting log', lat: '38.95', lng: '-76.45' }, []),
    });
    expect(sent.statusCode).toBe(200);

    // create2 made the second geocontent current: it has no messages.
    expect((await get('/api/navmessages')).json()).toEqual([]);
    await get(`/api/users/setCurrentGC?gcid=${p.gcid}`);
    const list = await get('/api/navmessages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: sent.json().id, text: 'Drifting log' })]);
    expect((await get(`/api/navmessages?gcid=${second.id}`)).json()).toEqual([]);

    const bare = await t.loginAs('provider');
    const refused = await get('/api/navmessages', bare.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation', details: [expect.objectContaining({ path: 'query.gcid' })] });
    const stranger = await providerWithGeocontent('Stranger');
    await t.database.db.update(users).set({ currentGcId: p.gcid }).where(eq(users.id, stranger.id));
    expect((await get('/api/navmessages', stranger.headers)).statusCode).toBe(404);
  });
});
