import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { openDatabase, type Database } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { JobRunner } from '../../jobs/runner.js';

// The conversion jobs rely on the durable runner: these show what it promises.
const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child() {
    return silentLog;
  },
} as never;

describe('durable conversion jobs', () => {
  let t: TestApp;
  let second: Database | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
    // With PostgreSQL, a second connection pool on the same database plays the second server process.
    if (t.database.kind === 'postgres') {
      const res = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${res.rows[0]!.name}`;
      second = await openDatabase({ url: url.toString() });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('picks up again a job claimed by a process that died (its lease expired)', async () => {
    const db = t.database.db;
    const id = await enqueueJob(db, 'test.lease', { n: 1 });
    // A "dead" process claimed it a while ago and never finished.
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(jobs.id, id));
    const ran: number[] = [];
    const runner = new JobRunner({ db, log: silentLog });
    runner.register('test.lease', async (payload) => {
      ran.push((payload as { n: number }).n);
      return 'ok';
    });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([1]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: 'done', attempts: 2, result: 'ok' });

    // A job whose lease is still running is left to its owner.
    const busy = await enqueueJob(db, 'test.lease', { n: 2 });
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.id, busy));
    expect(await runner.drain()).toBe(0);
  });

  it('never runs the same job twice with two runners on one database', async () => {
    const db = t.database.db;
    const count = 24;
    for (let i = 0; i < count; i++) await enqueueJob(db, 'test.race', { n: i });
    const runs: { n: number; runner: string }[] = [];
    // Each runner's first job waits until the other runner holds one too (not a pause that assumes
    // both start within some milliseconds): both take part however slow the machine is.
    const started = new Set<string>();
    let bothStarted: () => void = () => undefined;
    const both = new Promise<void>((ok) => (bothStarted = ok));
    const make = (name: string, database: Database['db']) => {
      const r = new JobRunner({ db: database, log: silentLog });
      r.register('test.race', async (payload) => {
        runs.push({ n: (payload as { n: number }).n, runner: name });
        if (!started.has(name)) {
          started.add(name);
          if (started.size === 2) bothStarted();
          await both;
        }
      });
      return r;
    };
    const a = make('a', db);
    const b = make('b', second?.db ?? db);
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(count);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(count).keys()]);
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'test.race'));
    expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    expect(new Set(runs.map((r) => r.runner)).size).toBe(2);
  });
});
