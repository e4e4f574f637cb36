// `node bench/api/writes.mjs [seconds=5] [rounds=2]`: the portal's two busiest write paths, as
// requests/s and p99 with autocannon (BENCH_CONNECTIONS, default 16) on loopback:
//   1. a provider issues a licence to a new e-mail (`GET /api/providers/addpermit`: an account is
//      made, so this includes hashing its password with argon2id, and the welcome mail is queued);
//   2. a user attaches a new device to a licence (`POST /api/licenses/{id}/installations`: the
//      licence row is locked and its free slots counted).
// Each run is interleaved with a bare Fastify route answering a same-sized body (the reference of
// bench/api/run.mjs), so the ratio means the same on a quiet or a busy machine. Needs
// `npm run build`. With BENCH_DATABASE_URL=postgres://… on a fresh database of that server;
// otherwise on embedded PGlite in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { children, freshPostgres, login, root, start, waitFor } from './shared.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let serial = 0;
const unique = () => `${process.pid.toString(36)}-${(serial++).toString(36)}`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-writes-'));
  const pgDb = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  const portalPort = 20000 + Math.floor(Math.random() * 5000);
  const barePort = portalPort + 5000;
  const portal = `http://127.0.0.1:${portalPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  try {
    start(
      'server/dist/main.js',
      { PORT: String(portalPort), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), LOG_LEVEL: 'info' },
      join(dataDir, 'portal.log'),
    );
    await waitFor(`${portal}/ready`);
    const providerToken = await login(portal, 'provider@demo.test');
    const userToken = await login(portal, 'user@demo.test');
    const provider = { authorization: `Bearer ${providerToken}` };
    const gcs = await (await fetch(`${portal}/api/geocontent/`, { headers: provider })).json();
    const gc = await (await fetch(`${portal}/api/geocontent/${gcs[0].id}`, { headers: provider })).json();
    const product = gc.products.find((p) => p.licType === 'com' && p.isEnabled !== false) ?? gc.products[0];
    if (!product) throw new Error('the demo provider has no product');

    // A licence with room for every device the attach runs will add.
    const issued = await fetch(`${portal}/api/providers/addpermit?prodid=${product.id}&email=user@demo.test&exp=12&devnum=100000`, {
      headers: provider,
    });
    if (!issued.ok) throw new Error(`addpermit: ${issued.status} ${await issued.text()}`);
    const licenseId = (await issued.json()).id;

    const sample = JSON.stringify({ id: 1, installation: { deviceId: 'x'.repeat(24) } });
    start('bench/api/bare-server.mjs', { PORT: String(barePort), BODIES: JSON.stringify({ 0: sample }) });
    await waitFor(`${bare}/bare/0`);

    const targets = [
      {
        name: `GET /api/providers/addpermit (licence to a new e-mail: account, argon2id, welcome mail queued)`,
        opts: {
          url: `${portal}/api/providers/addpermit`,
          headers: provider,
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                path: `/api/providers/addpermit?prodid=${product.id}&email=bench-${unique()}@example.test&exp=12&devnum=3`,
              }),
            },
          ],
        },
      },
      {
        name: `POST /api/licenses/${licenseId}/installations (attach a new device under the licence's row lock)`,
        opts: {
          url: `${portal}/api/licenses/${licenseId}/installations`,
          method: 'POST',
          headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req) => ({ ...req, body: JSON.stringify({ deviceId: `BENCH-${unique()}`, platformId: 1 }) }),
            },
          ],
        },
      },
    ];

    console.log(
      `database: ${pgDb ? 'PostgreSQL' : 'PGlite (embedded)'}; ${connections} connections, ${seconds} s per run, ${rounds} rounds interleaved`,
    );
    const figures = targets.map(() => ({ bare: [], target: [], p99: [], errors: 0 }));
    for (let r = 0; r < rounds; r++) {
      for (const [i, t] of targets.entries()) {
        const b = await load({ url: `${bare}/bare/0` });
        const p = await load(t.opts);
        figures[i].bare.push(b.requests.average);
        figures[i].target.push(p.requests.average);
        figures[i].p99.push(p.latency.p99);
        figures[i].errors += p.non2xx + p.errors;
      }
    }
    for (const [i, t] of targets.entries()) {
      const f = figures[i];
      console.log(`\n${t.name}`);
      console.log(
        `  portal: ${median(f.target).toFixed(0)} req/s (runs ${f.target.map((x) => x.toFixed(0)).join(', ')}), p99 ${median(f.p99)} ms, non-2xx/errors ${f.errors}`,
      );
      console.log(`  bare Fastify: ${median(f.bare).toFixed(0)} req/s; ratio ${(median(f.target) / median(f.bare)).toFixed(4)}`);
    }
  } finally {
    children.forEach((c) => c.kill('SIGTERM'));
    await sleep(500);
    if (pgDb) await pgDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
