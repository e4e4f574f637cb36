// Orders on one hot agreement: 64 concurrent clients through the real API (app.inject), on PGlite and
// on PostgreSQL, with a naive read-check-write control. See bench/README.md ("orders").
//
//   node scripts/build.mjs server && node bench/orders/run.mjs [runs=100] [seed=13]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (default) names the PostgreSQL server;
//   BENCH_BACKENDS=pglite,postgres chooses the backends; BENCH_ALL_CHARGED=1 sets limits every order fits
//   under; BENCH_POOL_SIZE the PostgreSQL pool; BENCH_CLIENTS the concurrency (64).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const server = new URL('../../server/dist/', import.meta.url);
const { buildApp } = await import(new URL('app.js', server));
const { loadConfig } = await import(new URL('config.js', server));
const { openDatabase } = await import(new URL('db/client.js', server));
const { seedDistributor } = await import(new URL('db/seed/factories.js', server));
const { ratesGrid, seedAgreement, seedAgreementUser, seedUserInstallation } = await import(new URL('db/seed/orders-demo.js', server));
const { insertUser } = await import(new URL('modules/users/users.repository.js', server));
const schema = await import(new URL('db/schema/index.js', server));
// drizzle-orm is the server's dependency: resolve it from there.
const fromServer = createRequire(new URL('package.json', new URL('../', server)));
const { asc, eq } = await import(pathToFileURL(fromServer.resolve('drizzle-orm')).href);

const runs = Number(process.argv[2] ?? 100);
const seed = Number(process.argv[3] ?? 13);
const clients = Number(process.env.BENCH_CLIENTS ?? 64);
const ordersPerRun = 128;
const unitCents = 10_000n; // Primar, 1 month, net 100.00
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** mulberry32: the same N per run for the same seed. */
function random(seedValue) {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const cents = (text) => {
  const [w, f = ''] = text.replace('-', '').split('.');
  const v = BigInt(w) * 100n + BigInt(f.padEnd(2, '0'));
  return text.startsWith('-') ? -v : v;
};
const money = (c) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${((c < 0n ? -c : c) % 100n).toString().padStart(2, '0')}`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function openBackend(kind) {
  if (kind === 'pglite') return { database: await openDatabase({}), drop: async () => {} };
  const name = `chartroom_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({
      url: u.toString(),
      poolSize: process.env.BENCH_POOL_SIZE ? Number(process.env.BENCH_POOL_SIZE) : undefined,
    }),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * CPU seconds used so far by the processes named `postgres` on this machine (Linux /proc), or null.
 * With a local server that nothing else uses, the difference over the order phases is the database's
 * share of the cost of an order (its backends end with the pool, so they are read before then).
 */
function postgresCpuSeconds() {
  try {
    const ticks = 100; // USER_HZ on Linux
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    }
    return total;
  } catch {
    return null;
  }
}

/** Runs `total` tasks on `clients` concurrent workers; returns each task's latency (ms). */
async function hammer(total, task) {
  let next = 0;
  const latencies = [];
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return latencies;
}

/** Ledger checks: every row's balance = previous + amount; agreement balance = sum; never below −limit. */
async function countViolations(db, agreementId, limitCents, expectedCharges) {
  const rows = await db
    .select()
    .from(schema.transactions)
    .where(eq(schema.transactions.agreementId, agreementId))
    .orderBy(asc(schema.transactions.id));
  const [agreement] = await db.select().from(schema.agreements).where(eq(schema.agreements.id, agreementId));
  let violations = 0;
  let running = 0n;
  for (const r of rows) {
    running += cents(r.amount);
    if (cents(r.balance) !== running) violations++;
    if (cents(r.balance) < -limitCents) violations++;
  }
  if (cents(agreement.balance) !== running) violations++;
  if (rows.length !== expectedCharges) violations += Math.abs(rows.length - expectedCharges);
  return violations;
}

/** The control: read the balance, check, then write, in separate statements without a lock. */
async function naiveCharge(db, agreementId, userId, limitCents) {
  const [a] = await db.select().from(schema.agreements).where(eq(schema.agreements.id, agreementId));
  const balance = cents(a.balance) - unitCents;
  if (balance < -limitCents) return false;
  await db.insert(schema.transactions).values({ agreementId, userId, type: 'charge', amount: money(-unitCents), balance: money(balance) });
  await db
    .update(schema.agreements)
    .set({ balance: money(balance) })
    .where(eq(schema.agreements.id, agreementId));
  return true;
}

async function benchBackend(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-'));
  const { database, drop } = await openBackend(kind);
  await database.migrate();
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    { JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0' },
  );
  const app = await buildApp({ config, database, startJobs: false, logger: false });
  await app.ready();
  const db = database.db;
  const owner = await insertUser(db, { email: 'owner@bench.test', passwordHash: 'x', roles: ['user', 'distributor', 'distributor2'] });
  const distributor = await seedDistributor(db, { mainUserId: owner.id, title: 'Bench Agency' });
  const rates = ratesGrid(['mKart'], { Primar: { RUB: ['100.00', '150.00'], USD: ['1.00', '1.50'] } });
  const ships = [];
  for (let i = 0; i < clients; i++) {
    const user = await insertUser(db, { email: `ship${i}@bench.test`, passwordHash: 'x', roles: ['user'] });
    const installation = await seedUserInstallation(db, { userId: user.id, deviceId: `BENCH-${i}`, applicationTypeId: 101 });
    ships.push({ user, installation, headers: { authorization: `Bearer ${app.signToken(user)}` } });
  }

  // Reference measured in the same process: /ready (one database round trip) under the same 64 clients.
  const refStart = performance.now();
  await hammer(2000, () => app.inject({ method: 'GET', url: '/ready' }));
  const readyPerSecond = 2000 / ((performance.now() - refStart) / 1000);

  const rnd = random(seed);
  const latencies = [];
  let answered = 0;
  let charged = 0;
  let violations = 0;
  let naiveViolations = 0;
  let naiveRunsWithViolations = 0;
  let busyMs = 0;
  let nodeCpuUs = 0;
  let postgresCpuS = kind === 'postgres' ? 0 : null;
  for (let run = 0; run < runs; run++) {
    const drawn = 16 + Math.floor(rnd() * 97); // 16…112 of 128 orders fit under the limit
    // BENCH_ALL_CHARGED=1: a limit every order fits under, so every order takes the hot row's lock.
    const allowed = process.env.BENCH_ALL_CHARGED ? ordersPerRun : drawn;
    const limitCents = BigInt(allowed) * unitCents;
    const agreement = await seedAgreement(db, {
      distributorId: distributor.id,
      name: `run ${run}`,
      agreementLimit: money(limitCents),
      rates,
    });
    for (const s of ships) await seedAgreementUser(db, { agreementId: agreement.id, userId: s.user.id, installationId: s.installation.id });
    const cpu0 = process.cpuUsage();
    const pg0 = kind === 'postgres' ? postgresCpuSeconds() : null;
    const t0 = performance.now();
    const statuses = [];
    latencies.push(
      ...(await hammer(ordersPerRun, async (i) => {
        const ship = ships[i % clients];
        const res = await app.inject({
          method: 'POST',
          url: '/api/app/v1/orders',
          headers: { ...ship.headers, 'idempotency-key': `run-${run}-order-${i}` },
          payload: {
            installationId: ship.installation.id,
            agreementId: agreement.id,
            paymentMethod: 'agreement',
            items: [{ product: 'Primar', months: 1 }],
          },
        });
        if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
        statuses.push(res.json().status);
      })),
    );
    busyMs += performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    nodeCpuUs += cpu.user + cpu.system;
    if (pg0 !== null && postgresCpuS !== null) {
      const pg1 = postgresCpuSeconds();
      postgresCpuS = pg1 === null ? null : postgresCpuS + (pg1 - pg0);
    }
    answered += statuses.length;
    const isNew = statuses.filter((s) => s === 'new').length;
    charged += isNew;
    violations += isNew === allowed ? 0 : 1;
    violations += await countViolations(db, agreement.id, limitCents, allowed);

    const naive = await seedAgreement(db, { distributorId: distributor.id, name: `naive ${run}`, agreementLimit: money(limitCents) });
    await hammer(ordersPerRun, (i) => naiveCharge(db, naive.id, ships[i % clients].user.id, limitCents));
    const v = await countViolations(db, naive.id, limitCents, allowed);
    naiveViolations += v;
    if (v > 0) naiveRunsWithViolations++;
  }
  latencies.sort((a, b) => a - b);
  const perSecond = answered / (busyMs / 1000);
  const figures = {
    backend: kind,
    runs,
    orders: answered,
    charged,
    ordersPerSecond: Math.round(perSecond),
    chargesPerSecond: Math.round(charged / (busyMs / 1000)),
    p50ms: Number(percentile(latencies, 50).toFixed(1)),
    p99ms: Number(percentile(latencies, 99).toFixed(1)),
    violations,
    // CPU per answered order: this process (the API and the bench's clients; on PGlite also the database) and PostgreSQL's.
    nodeCpuMsPerOrder: Number((nodeCpuUs / 1000 / answered).toFixed(2)),
    postgresCpuMsPerOrder: postgresCpuS === null ? null : Number(((postgresCpuS * 1000) / answered).toFixed(2)),
    referenceReadyPerSecond: Math.round(readyPerSecond),
    ordersVsReady: Number((perSecond / readyPerSecond).toFixed(3)),
    naiveViolations,
    naiveRunsWithViolations,
  };
  await app.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

console.log(`orders bench: ${runs} runs × ${ordersPerRun} orders, ${clients} concurrent clients, seed ${seed}`);
for (const kind of backends) {
  const f = await benchBackend(kind);
  console.log(JSON.stringify(f));
  console.log(
    `${kind}: ${f.ordersPerSecond} orders/s answered (${f.chargesPerSecond} charged/s), p50 ${f.p50ms} ms, p99 ${f.p99ms} ms, ` +
      `${f.violations} violations in ${f.runs} runs; CPU per order ${f.nodeCpuMsPerOrder} ms here` +
      `${f.postgresCpuMsPerOrder === null ? '' : ` + ${f.postgresCpuMsPerOrder} ms PostgreSQL`}; /ready reference ${f.referenceReadyPerSecond}/s (orders ${f.ordersVsReady}× of it); ` +
      `naive read-check-write: ${f.naiveViolations} violations, in ${f.naiveRunsWithViolations} of ${f.runs} runs`,
  );
}
