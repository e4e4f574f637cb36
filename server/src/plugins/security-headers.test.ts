import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

/** A built web app in miniature: the HTML shell, a hashed asset, an unhashed public file. */
function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'locales', 'en'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets', 'worker-Ab12Cd34.mjs'), 'self.onmessage=()=>{}');
  writeFileSync(join(dir, 'locales', 'en', 'common.json'), '{}');
  return dir;
}

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).toContain('child-src blob:');
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-eval'");
}

describe('security headers', () => {
  let t: TestApp;
  const webDist = makeWebDist();
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('are on every answer: the shell, a worker, API calls, errors and unknown paths', async () => {
    const user = await t.loginAs('user');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/user' }),
      t.app.inject({ method: 'GET', url: '/assets/worker-Ab12Cd34.mjs' }),
      t.app.inject({ method: 'GET', url: '/users/getprofile', headers: user.headers }),
      t.app.inject({ method: 'GET', url: '/users/getprofile' }),
      t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'x' } }),
      t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      t.app.inject({ method: 'GET', url: '/health' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 400, 404, 200]);
    for (const a of answers) expectSecurityHeaders(a.headers);
    // Plain http: no HSTS (a browser would pin a site that has no TLS).
    expect(answers[0]!.headers['strict-transport-security']).toBeUndefined();
  });

  it('on a hashed script or stylesheet, only those that act on a subresource', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ab12Cd34.css', '/assets/index-Ab12Cd34.js?v=1']) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
    }
    // Anything else under /assets (a worker, an unknown name) and a lookalike elsewhere keep all of them.
    for (const url of ['/assets/worker-Ab12Cd34.mjs', '/assets/missing.svg', '/x/assets/index-Ab12Cd34.js', '/assets/../index.html']) {
      expectSecurityHeaders((await t.app.inject({ method: 'GET', url })).headers);
    }
  });

  it('never lets the HTML shell be cached without revalidation; hashed assets are cached for long', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/reset-password?token=abc' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('<div id="root">');
    const direct = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' });
    expect(locale.headers['cache-control']).toBe('no-cache');
  });

  it('slows down a scan of unknown paths with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) {
      const r = await t.app.inject({ method: 'GET', url: `/api/guess-${i}`, remoteAddress: '198.51.100.99' });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 120).every((c) => c === 404)).toBe(true);
    expect(codes.slice(120)).toEqual([429, 429, 429, 429, 429]);
    // Another address is not affected, and pages of the web app are never counted.
    expect((await t.app.inject({ method: 'GET', url: '/api/guess', remoteAddress: '198.51.100.100' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/user', remoteAddress: '198.51.100.99' })).statusCode).toBe(200);
  });
});

describe('security headers with an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://charts.example.org' });
  });
  afterAll(() => t.close());

  it('add HSTS and upgrade insecure requests', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/health' });
    expect(r.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(r.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
