import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { waitFor } from '../../test/wait-for.js';
import { jobs, serverProcesses } from '../db/schema/index.js';
import { enqueueJob } from './queue.js';
import { ProcessRegistry } from './process-registry.js';
import { JobRunner } from './runner.js';

describe('a job whose lease lapsed while it ran', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('is ended by the runner that took it over, never by the one that lost it', async () => {
    const { db } = t.database;
    // Two runners, as two processes would be; the first one's lease is far shorter than its job.
    const slow = new JobRunner({ db, log: t.app.log, leaseMs: 200 });
    const fast = new JobRunner({ db, log: t.app.log, leaseMs: 60_000 });
    let letSlowFinish: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (letSlowFinish = resolve));
    let slowStarted: () => void = () => undefined;
    const slowRunning = new Promise<void>((resolve) => (slowStarted = resolve));
    const runs: string[] = [];
    slow.register('test.work', async () => {
      runs.push('slow');
      slowStarted();
      await slowGate;
      throw new Error('the slow run failed late');
    });
    fast.register('test.work', async () => {
      runs.push('fast');
      return { by: 'fast' };
    });
    const id = await enqueueJob(db, 'test.work', {});
    const first = slow.runOne();
    await slowRunning;
    // The slow runner's lease lapses by the database's clock (it would extend it after a second).
    await waitFor(
      async () => {
        const [lease] = await db
          .select({ lapsed: sql<boolean>`${jobs.lockedUntil} < now()` })
          .from(jobs)
          .where(eq(jobs.id, id));
        return lease!.lapsed;
      },
      { what: "the slow runner's lease to lapse" },
    );
    expect(await fast.runOne()).toBe(true);
    letSlowFinish();
    expect(await first).toBe(true);

    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    // The late failure neither queued the job again nor overwrote the result of the run that ended it.
    expect(row).toMatchObject({ state: 'done', attempts: 2, result: { by: 'fast' }, lastError: null });
    expect(runs).toEqual(['slow', 'fast']);
    expect(await fast.runOne()).toBe(false);
  });

  it('leaves the job of a process that started after it last looked at the process table to that process', async () => {
    const { db } = t.database;
    const older = new ProcessRegistry({ db, log: t.app.log });
    await older.start();
    const olderRunner = new JobRunner({ db, log: t.app.log, processes: older });
    const olderRuns: number[] = [];
    olderRunner.register('test.work', async (_p, { job }) => void olderRuns.push(job.id));
    expect(await olderRunner.runOne()).toBe(false); // it has now looked at the processes

    const newer = new ProcessRegistry({ db, log: t.app.log });
    await newer.start();
    const newerRunner = new JobRunner({ db, log: t.app.log, processes: newer });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    newerRunner.register('test.work', async () => {
      started();
      await gate;
      return null;
    });
    await enqueueJob(db, 'test.work', {});
    const newerRun = newerRunner.runOne();
    await running;
    // The newer process is alive and holds the job: the older runner must not take it.
    expect(await olderRunner.runOne()).toBe(false);
    release();
    expect(await newerRun).toBe(true);
    expect(olderRuns).toEqual([]);
    await newer.stop();
    await older.stop();
  });
});

describe('the processes of an installation', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('are counted by each process as it starts and beats, leaving out those whose heartbeat stopped', async () => {
    const { db } = t.database;
    expect(t.app.processes.liveCount).toBe(1);
    // A process that stopped beating a minute ago, without removing its row (it was killed).
    await db
      .insert(serverProcesses)
      .values({ id: randomUUID(), hostname: 'elsewhere', pid: 1, heartbeatAt: sql`now() - interval '1 minute'` });
    const second = new ProcessRegistry({ db, log: t.app.log });
    await second.start();
    expect(second.liveCount).toBe(2);
    await second.stop();
  });
});
