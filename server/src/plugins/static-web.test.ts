import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

// A built web app as `npm run build` leaves it: hashed assets with their .br and .gz beside them.
describe('the web app is served precompressed, hashed files cached for long, the shell revalidated', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('chart '.repeat(400))});`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'chartroom-web-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'locales/en'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-AbC123.js'), script);
    writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'locales/en/common.json'), '{"brand":"Chartroom"}');
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli or gzip by Accept-Encoding, and the plain file otherwise, all immutable for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('makes the browser revalidate the HTML shell (every route) and the locale files', async () => {
    for (const url of ['/', '/ru/provider', '/user/cart']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const locale = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' });
    expect(locale.headers['cache-control']).toBe('no-cache');
    expect(locale.headers.etag).toBeTruthy();
  });
});
