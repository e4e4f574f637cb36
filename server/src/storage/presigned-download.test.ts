import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { startTestS3, type TestS3 } from '../../test/s3.js';
import { loginProvider, postFiles } from '../modules/charts/charts.test-helper.js';

const pdf = Buffer.from(`%PDF-1.4\n${'notice '.repeat(500)}\n%%EOF\n`, 'latin1');

describe.each([
  { redirect: true, name: 'on S3 with S3_REDIRECT_DOWNLOADS' },
  { redirect: false, name: 'on S3 without it' },
])('plain-file downloads $name', ({ redirect }) => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await buildTestApp({ S3_URL: s3.url, S3_REDIRECT_DOWNLOADS: redirect, S3_PRESIGN_SECONDS: 60 });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('serves an NTM PDF to its owner only, by a short-lived link or by the process itself', async () => {
    const p = await loginProvider(t);
    const up = await postFiles(t, '/api/ntm', p.headers, [
      { name: 'gcid', value: String(p.gcId) },
      { name: 'file', filename: 'notice.pdf', data: pdf },
    ]);
    expect(up.statusCode).toBe(200);
    const { id } = up.json() as { id: number };
    const endpoint = new URL(s3.url).origin;

    const res = await t.app.inject({ method: 'GET', url: `/api/ntm/${id}`, headers: p.headers });
    const csp = String(res.headers['content-security-policy']);
    if (redirect) {
      expect(res.statusCode).toBe(302);
      const link = String(res.headers.location);
      expect(link.startsWith(`${endpoint}/`)).toBe(true);
      expect(link).toMatch(/X-Amz-Expires=60/);
      // The web app fetches the link: the policy lets it reach the store.
      expect(csp).toContain(`connect-src 'self' ${endpoint}`);
      const file = await fetch(link);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(csp).toContain("connect-src 'self';");
    }
    // No link for anyone else.
    const stranger = await t.loginAs('provider');
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/${id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ntm/${id}` })).statusCode).toBe(401);
  });
});
