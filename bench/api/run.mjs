// `node bench/api/run.mjs [seconds=5] [rounds=3]`: the portal's hot authenticated reads (a user's profile,
// a provider's licence list, a device's update check) against a bare
// Fastify route answering a body of the same bytes, autocannon with 50 connections on loopback, in
// one run with the targets interleaved (bare, target, bare, target, …) so that load swings on this
// shared machine hit both alike. Prints requests/s, p99 and the ratio to bare Fastify per target.
// Needs `npm run build`. With BENCH_DATABASE_URL=postgres://… the portal runs on a fresh database of
// that server (dropped at the end); otherwise on embedded PGlite in a temporary folder.
// The portal logs at its default level (info) to a file, as a real deployment would (BENCH_LOG_LEVEL
// changes it, to see what the log costs). It also prints the CPU time per answer, steadier than req/s.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { children, cloneDemoUsers, freshPostgres, login, redeemDevice, root, start, waitFor } from './shared.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const identities = Number(process.env.BENCH_IDENTITIES ?? 1);

/** autocannon on one URL; with several tokens, each request carries the next one in turn. */
function load(url, headers, tokens = []) {
  let next = 0;
  const requests =
    tokens.length > 1
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }]
      : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, requests }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A child's CPU time so far (user + system, ms), from /proc: of its main thread (the event loop's,
 * which limits how many requests it answers) or, with `whole`, of all its threads. Null where there
 * is no /proc.
 */
function cpuMs(child, whole = false) {
  try {
    const stat = whole ? `/proc/${child.pid}/stat` : `/proc/${child.pid}/task/${child.pid}/stat`;
    const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** `run()`'s result, with the CPU time `child` spent per answered request (µs): its main thread's, and its whole. */
async function measured(child, run) {
  const before = [cpuMs(child), cpuMs(child, true)];
  const result = await run();
  const after = [cpuMs(child), cpuMs(child, true)];
  const answered = result.requests.total;
  const per = (k) => (before[k] === null || after[k] === null || !answered ? null : ((after[k] - before[k]) * 1000) / answered);
  result.cpuPerRequest = per(0);
  result.wholeCpuPerRequest = per(1);
  return result;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-api-'));
  const pgDb = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  const portalPort = 20000 + Math.floor(Math.random() * 5000);
  const barePort = portalPort + 5000;
  const portal = `http://127.0.0.1:${portalPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  try {
    const portalProcess = start(
      'server/dist/main.js',
      {
        PORT: String(portalPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        // The device's own per-installation limit would answer 429 at these rates.
        DEVICE_CALLS_PER_MINUTE: '100000000',
        // Signing in and redeeming BENCH_IDENTITIES accounts and devices.
        RATE_LIMIT_AUTH_PER_MINUTE: '100000',
        DEVICE_REDEEMS_PER_MINUTE: '100000',
        DEVICE_ACTIVATIONS_PER_MINUTE: '100000',
      },
      join(dataDir, 'portal.log'),
    );
    await waitFor(`${portal}/ready`);

    const userToken = await login(portal, 'user@demo.test');
    const providerToken = await login(portal, 'provider@demo.test');
    const gcs = await (await fetch(`${portal}/api/geocontent/`, { headers: { authorization: `Bearer ${providerToken}` } })).json();
    const gcid = gcs[0]?.id;
    const deviceToken = await redeemDevice(portal, userToken);
    // BENCH_IDENTITIES > 1 (PostgreSQL): as many users, each with the demo user's licences and a
    // device of its own, so concurrent requests ask for different rows (none can share a read).
    const userTokens = [userToken];
    const deviceTokens = [deviceToken];
    if (identities > 1) {
      if (!pgDb) throw new Error('BENCH_IDENTITIES needs BENCH_DATABASE_URL (the accounts are cloned in SQL)');
      for (const email of await cloneDemoUsers(pgDb.url, 'user@demo.test', identities - 1)) {
        const token = await login(portal, email);
        userTokens.push(token);
        deviceTokens.push(await redeemDevice(portal, token));
      }
    }
    const targets = [
      { name: 'GET /users/getprofile (user: licences and installations)', path: '/users/getprofile', token: userToken, tokens: userTokens },
      {
        name: `GET /api/providers/getLicenses?gcid=${gcid} (provider)`,
        path: `/api/providers/getLicenses?gcid=${gcid}`,
        token: providerToken,
      },
      {
        name: 'GET /api/app/v1/updates (device: its licensed cells)',
        path: '/api/app/v1/updates',
        token: deviceToken,
        tokens: deviceTokens,
      },
    ].filter((t) => !process.env.BENCH_ONLY || t.path.includes(process.env.BENCH_ONLY));
    // The bare server answers each target's exact body, so both sides serialise the same bytes.
    const bodies = {};
    for (const [i, t] of targets.entries()) {
      const res = await fetch(`${portal}${t.path}`, { headers: { authorization: `Bearer ${t.token}` } });
      if (!res.ok) throw new Error(`${t.path}: ${res.status}`);
      bodies[i] = await res.text();
      t.bytes = Buffer.byteLength(bodies[i]);
    }
    const bareProcess = start('bench/api/bare-server.mjs', { PORT: String(barePort), BODIES: JSON.stringify(bodies) });
    await waitFor(`${bare}/bare/0`);

    console.log(
      `database: ${pgDb ? 'PostgreSQL' : 'PGlite (embedded)'}; ${connections} connections, ${seconds} s per run, ${rounds} rounds interleaved; ` +
        `${identities} user(s) and device(s)`,
    );
    const figures = targets.map(() => ({ bare: [], target: [], p99: [], bareP99: [], cpu: [], wholeCpu: [], bareCpu: [], errors: 0 }));
    for (let r = 0; r < rounds; r++) {
      for (const [i, t] of targets.entries()) {
        const b = await measured(bareProcess, () => load(`${bare}/bare/${i}`, {}));
        const p = await measured(portalProcess, () => load(`${portal}${t.path}`, { authorization: `Bearer ${t.token}` }, t.tokens));
        figures[i].cpu.push(p.cpuPerRequest);
        figures[i].wholeCpu.push(p.wholeCpuPerRequest);
        figures[i].bareCpu.push(b.cpuPerRequest);
        figures[i].bare.push(b.requests.average);
        figures[i].bareP99.push(b.latency.p99);
        figures[i].target.push(p.requests.average);
        figures[i].p99.push(p.latency.p99);
        figures[i].errors += p.non2xx + p.errors;
      }
    }
    for (const [i, t] of targets.entries()) {
      const f = figures[i];
      const ratios = f.target.map((x, k) => x / f.bare[k]);
      console.log(`\n${t.name}, ${t.bytes} bytes`);
      console.log(
        `  portal: ${median(f.target).toFixed(0)} req/s (runs ${f.target.map((x) => x.toFixed(0)).join(', ')}), p99 ${median(f.p99)} ms, non-2xx/errors ${f.errors}`,
      );
      console.log(`  bare Fastify, same body: ${median(f.bare).toFixed(0)} req/s, p99 ${median(f.bareP99)} ms`);
      console.log(`  ratio: ${(median(f.target) / median(f.bare)).toFixed(3)} (median of per-round ratios ${median(ratios).toFixed(3)})`);
      // CPU time per answer is steadier than requests/s on a busy machine: the portal's main thread
      // (and its whole process) against the bare server's main thread, each over its own runs.
      if (f.cpu.every((x) => x !== null)) {
        console.log(
          `  main thread's CPU per answer: portal ${median(f.cpu).toFixed(0)} µs (runs ${f.cpu.map((x) => x.toFixed(0)).join(', ')}; ` +
            `whole process ${median(f.wholeCpu).toFixed(0)} µs), bare ${median(f.bareCpu).toFixed(0)} µs`,
        );
      }
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
