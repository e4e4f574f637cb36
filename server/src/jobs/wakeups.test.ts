import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { runAsSingleton } from '../db/client.js';
import { JOBS_CHANNEL, enqueueJob } from './queue.js';
import { JobRunner } from './runner.js';

describe('job wake-ups and singleton work', () => {
  let t: TestApp;
  let runner: JobRunner | null = null;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await t.close();
  });

  it('runs a new job at once on its NOTIFY, long before the next poll', async () => {
    // A poll every ten minutes: only the wake-up can run the job within the test's time.
    runner = new JobRunner({
      db: t.database.db,
      log: t.app.log,
      pollMs: 10 * 60_000,
      wakeups: (onNotify) => t.database.listen(JOBS_CHANNEL, onNotify, () => undefined),
    });
    const ran: unknown[] = [];
    let firstRan: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (firstRan = resolve));
    runner.register('test.ping', async (payload) => {
      ran.push(payload);
      firstRan();
      return null;
    });
    await runner.start();
    // Enqueued in a transaction: the wake-up goes out when it commits.
    await t.database.db.transaction(async (tx) => {
      await enqueueJob(tx, 'test.ping', { n: 1 });
    });
    await first;
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('lets one holder at a time run singleton work on PostgreSQL (PGlite is one process and just runs it)', async () => {
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = runAsSingleton(t.database, 'test-sweep', async () => {
      entered();
      await gate;
      return 'first';
    });
    await inside;
    const second = await runAsSingleton(t.database, 'test-sweep', async () => 'second');
    if (t.database.kind === 'postgres') expect(second).toEqual({ ran: false });
    else expect(second).toEqual({ ran: true, value: 'second' });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    // Let go with the transaction: the next round runs.
    expect(await runAsSingleton(t.database, 'test-sweep', async () => 'third')).toEqual({ ran: true, value: 'third' });
  });
});
