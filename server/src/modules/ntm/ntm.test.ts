import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { makePdf } from '../../db/seed/catalog-data-files.js';
import { seedProvider } from '../../db/seed/factories.js';

function ntmForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name);
  return form;
}

describe('NTM: PDF notices of a geocontent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MAX_UPLOAD_BYTES: 64 * 1024 });
  });
  afterAll(() => t.close());

  // Whichever store holds them (local disk, or S3 with TEST_BLOB_STORE=s3).
  const storedFiles = () => t.app.blobs.list('ntm');

  async function providerWithGeocontent(title: string) {
    const login = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, { ownerUserId: login.id, title, geocontentTitle: `${title} Charts` });
    return { ...login, gcid: geocontent.id };
  }

  it('uploads a PDF, lists it, serves it and removes it', async () => {
    const p = await providerWithGeocontent('Notices Office');
    const pdf = makePdf(['NTM 1/2025', 'Buoy moved']);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: p.headers,
      payload: ntmForm({ gcid: String(p.gcid), description: 'Buoy moved' }, { bytes: pdf, name: 'ntm-1.pdf' }),
    });
    expect(up.statusCode).toBe(200);
    const item = up.json();
    expect(item).toMatchObject({ id: expect.any(Number), description: 'Buoy moved', filename: 'ntm-1.pdf', size: pdf.length });

    const noDescription = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: p.headers,
      payload: ntmForm({ gcid: String(p.gcid) }, { bytes: pdf, name: 'b.pdf' }),
    });
    expect(noDescription.json().description).toBeNull();

    const list = await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${p.gcid}`, headers: p.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json().find((n: { id: number }) => n.id === item.id)).toMatchObject({
      id: item.id,
      description: 'Buoy moved',
      addDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const file = await t.app.inject({ method: 'GET', url: `/api/ntm/${item.id}`, headers: p.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/${item.id}` })).statusCode).toBe(401);

    const before = (await storedFiles()).length;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/ntm/${item.id}`, headers: p.headers });
    expect(del.statusCode).toBe(200);
    expect(await storedFiles()).toHaveLength(before - 1);
    const after = await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${p.gcid}`, headers: p.headers });
    expect(after.json().map((n: { id: number }) => n.id)).not.toContain(item.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/${item.id}`, headers: p.headers })).statusCode).toBe(404);
  });

  it.each([
    ['a text file named .pdf', Buffer.from('hello, this is not a pdf at all')],
    ['a PNG named .pdf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ['a truncated PDF', makePdf(['cut']).subarray(0, 200)],
  ])('refuses %s by its content and keeps nothing', async (_name, bytes) => {
    const p = await providerWithGeocontent('Checker');
    const before = (await storedFiles()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: p.headers,
      payload: ntmForm({ gcid: String(p.gcid) }, { bytes, name: 'notice.pdf' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('not a PDF') });
    expect(await storedFiles()).toHaveLength(before);
    const list = await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${p.gcid}`, headers: p.headers });
    expect(list.json()).toEqual([]);
  });

  it('refuses an over-limit upload with a clear message and keeps nothing', async () => {
    const p = await providerWithGeocontent('Big Files');
    const before = (await storedFiles()).length;
    const big = Buffer.concat([makePdf(['big']), Buffer.alloc(80 * 1024, 32)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: p.headers,
      payload: ntmForm({ gcid: String(p.gcid) }, { bytes: big, name: 'big.pdf' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('64 KB') });
    expect(await storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${p.gcid}`, headers: p.headers })).json()).toEqual([]);
  });

  it('names a missing gcid or file', async () => {
    const p = await providerWithGeocontent('Forms');
    const noGcid = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: p.headers,
      payload: ntmForm({}, { bytes: makePdf(['x']), name: 'x.pdf' }),
    });
    expect(noGcid.statusCode).toBe(400);
    expect(noGcid.json().details[0].path).toBe('body.gcid');
    const noFile = await t.app.inject({ method: 'POST', url: '/api/ntm', headers: p.headers, payload: ntmForm({ gcid: String(p.gcid) }) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details[0].path).toBe('body.file');
  });

  it("answers 404 to a second provider on the first one's geocontent everywhere", async () => {
    const a = await providerWithGeocontent('First');
    const b = await providerWithGeocontent('Second');
    const item = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ntm',
        headers: a.headers,
        payload: ntmForm({ gcid: String(a.gcid) }, { bytes: makePdf(['a']), name: 'a.pdf' }),
      })
    ).json();
    const before = (await storedFiles()).length;
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/ntm',
      headers: b.headers,
      payload: ntmForm({ gcid: String(a.gcid) }, { bytes: makePdf(['b']), name: 'b.pdf' }),
    });
    expect(upload.statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${a.gcid}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/${item.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ntm/${item.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/GetNtms4GC?gcid=${a.gcid}`, headers: a.headers })).json()).toHaveLength(1);
  });
});
