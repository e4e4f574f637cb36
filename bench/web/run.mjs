// `node bench/web/run.mjs [runs=3]`: what a first visit to the home page costs, as a browser sees it.
// Starts the built portal (`npm run build` first) on an empty embedded database, opens `/` and
// `/ru` in Debian's Chromium with an empty cache and reports requests, bytes over the wire (as sent:
// brotli where the browser accepts it), JavaScript over the wire (goal ≤ 200 kB), and the first
// contentful paint on loopback (median of the runs). Then a second visit with the cache warm:
// hashed assets must come from the cache (no request), only the HTML shell and locales revalidate.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 3);
const port = 20000 + Math.floor(Math.random() * 9000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-web-'));
const portal = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
// However this bench ends (a closed pipe when its output is cut short, an exception), the portal goes with it.
process.on('exit', () => portal.kill('SIGTERM'));

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {
      // starting
    }
    await sleep(100);
  }
  throw new Error('the portal did not start');
}

/** One visit: every response with its encoded size, type, encoding and whether the cache served it. */
async function visit(page, path) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  const servedFromCache = new Set();
  cdp.on('Network.requestServedFromCache', (e) => servedFromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) =>
    seen.set(e.requestId, {
      url: e.response.url,
      mime: e.response.mimeType,
      encoding: e.response.headers['content-encoding'] ?? '',
      bodyBytes: Number(e.response.headers['content-length'] ?? NaN),
      cached: e.response.fromDiskCache || e.response.fromMemoryCache,
    }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await cdp.detach();
  for (const [id, r] of seen) if (servedFromCache.has(id)) r.cached = true;
  const list = [...seen.values()];
  const network = list.filter((r) => !r.cached);
  // BENCH_LIST=1: every script the visit fetched, largest first (bytes over the wire, headers included).
  if (process.env.BENCH_LIST) {
    for (const r of network.filter((x) => /javascript/.test(x.mime)).sort((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${String(r.bytes).padStart(7)} B ${(r.encoding || 'identity').padEnd(8)} ${r.url.replace(base, '')}`);
    }
  }
  const sum = (xs) => xs.reduce((a, r) => a + (r.bytes ?? 0), 0);
  return {
    requests: network.length,
    fromCache: list.length - network.length,
    bytes: sum(network),
    jsBytes: sum(network.filter((r) => /javascript/.test(r.mime))),
    // By the body's own size: the headers (about 0.9 kB with the security headers) are not compressible.
    uncompressedText: network
      .filter((r) => /javascript|css|json/.test(r.mime) && !r.encoding && (Number.isNaN(r.bodyBytes) ? (r.bytes ?? 0) : r.bodyBytes) > 1500)
      .map((r) => r.url),
    headerBytes: network.reduce((a, r) => a + (Number.isNaN(r.bodyBytes) ? 0 : Math.max(0, (r.bytes ?? 0) - r.bodyBytes)), 0),
    fcp,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await waitReady();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const path of ['/', '/ru']) {
    const cold = [];
    let warm;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      cold.push(await visit(page, path));
      if (i === 0) warm = await visit(page, path);
      await context.close();
    }
    const c = cold[0];
    console.log(`\n${path}, first visit (empty cache), ${runs} runs`);
    console.log(
      `  requests ${c.requests}, over the wire ${(c.bytes / 1024).toFixed(1)} KiB (${(c.headerBytes / 1024).toFixed(1)} KiB of it response headers), JavaScript ${(median(cold.map((r) => r.jsBytes)) / 1000).toFixed(1)} kB (goal ≤ 200 kB)`,
    );
    console.log(
      `  first contentful paint ${median(cold.map((r) => r.fcp)).toFixed(0)} ms (runs ${cold.map((r) => r.fcp?.toFixed(0)).join(', ')})`,
    );
    console.log(`  text assets over 1.5 kB sent uncompressed: ${c.uncompressedText.length === 0 ? 'none' : c.uncompressedText.join(', ')}`);
    console.log(
      `  second visit: ${warm.requests} requests (${(warm.bytes / 1024).toFixed(1)} KiB), ${warm.fromCache} answered from the browser cache`,
    );
  }
  await browser.close();
} finally {
  portal.kill('SIGTERM');
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
}
