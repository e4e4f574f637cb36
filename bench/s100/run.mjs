#!/usr/bin/env node
// S-100 Part 15 protected exchange set build: 100 datasets (the corpus's five S-101 datasets read
// from disk 20 times each under distinct names, or files of random bytes of the same sizes when the
// corpus is absent) encrypted, signed and zipped into a file by writeProtectedExchangeSetFile, as
// the portal will. Printed: MB/s of plaintext, RSS growth (peak sampled every 10 ms over RSS just
// before the build), and the same figures for a reference in the same process: the same 100 files
// read and written to one file with no crypto (a floor set by the disk and Node's streams). MB per
// CPU second (this process's user + system time) is given too: on a shared machine the wall-clock
// figure follows the other sessions' load, the CPU figure much less.
// Goals (issue 36): RSS growth under 64 MB, at least 50 MB/s.
// Usage: node bench/s100/run.mjs [runs=3] [datasets=100]   (build first: npm run build)
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 3);
const count = Number(process.argv[3] ?? 100);
const dist = join(root, 'packages/s100/dist');
if (!existsSync(join(dist, 'node.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
const s100 = await import(join(dist, 'index.js'));
const node = await import(join(dist, 'node.js'));
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(root, '../shared/testdata');
const work = mkdtempSync(join(tmpdir(), 's100-bench-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const corpusDir = join(testdata, 's101');
let sources = existsSync(corpusDir)
  ? readdirSync(corpusDir)
      .filter((n) => n.endsWith('.000'))
      .map((n) => join(corpusDir, n))
  : [];
const fromCorpus = sources.length > 0;
if (!fromCorpus) {
  // The corpus's sizes, as random bytes.
  sources = [729925, 2718699, 3159408, 2005148, 573384].map((size, i) => {
    const path = join(work, `source${i}.000`);
    writeFileSync(path, randomBytes(size));
    return path;
  });
}
const files = Array.from({ length: count }, (_, i) => sources[i % sources.length]);
const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0);

const pki = s100.createTestPki({ dataServerName: 'Bench' });
const identity = s100.loadDataServerIdentity({
  schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
  dataServerCertificatePem: pki.dataServer.certificatePem,
  dataServerKeyPem: pki.dataServer.privateKeyPem,
});
const hwId = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
const userPermit = s100.createUserPermit({ hwId, mKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5', mId: 'CR0101' });

async function measure(fn) {
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  await fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds, mbps: totalBytes / 1e6 / seconds, cpuMbps: totalBytes / 1e6 / cpuSeconds, growth: (peak - before) / 1048576 };
}

const build = () =>
  node.writeProtectedExchangeSetFile(
    {
      datasets: files.map((path, i) => ({
        product: 'S-101',
        fileName: `101BE00${String(i).padStart(5, '0')}.000`,
        edition: 1,
        update: 0,
        issueDate: '2026-03-01',
        expiry: '2027-12-31',
        bbox: { west: -5, south: 48, east: -4, north: 49 },
        data: node.fileByteSource(path),
      })),
      device: { hwId, userPermit },
      dataServer: { identity, name: 'Bench', identifier: 'BE' },
    },
    join(work, 'set.zip'),
  );

async function copy() {
  const out = createWriteStream(join(work, 'copy.bin'));
  for (const path of files) {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const fmt = (r) =>
  `${r.mbps.toFixed(1)} MB/s (${r.seconds.toFixed(2)} s; ${r.cpuMbps.toFixed(0)} MB per CPU second), RSS growth ${r.growth.toFixed(1)} MB`;
console.log(
  `${count} datasets, ${(totalBytes / 1e6).toFixed(1)} MB plaintext (${fromCorpus ? 'corpus S-101 files' : 'random bytes of the corpus sizes'}); Node ${process.version}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await build(); // warm-up: code compiled, key tables made
for (let run = 1; run <= runs; run++) {
  const ref = await measure(copy);
  const set = await measure(build);
  console.log(`run ${run}: build ${fmt(set)} | reference copy ${fmt(ref)} | build/copy speed ${(set.mbps / ref.mbps).toFixed(2)}`);
}
console.log(`zip ${(statSync(join(work, 'set.zip')).size / 1e6).toFixed(1)} MB; goals: growth < 64 MB, >= 50 MB/s`);
