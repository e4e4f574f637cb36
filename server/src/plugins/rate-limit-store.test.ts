import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { authThrottle } from '../db/schema/index.js';
import { backgroundPruner } from './rate-limit-store.js';

// Finished windows are cleaned up in the background, at most once per interval, never by a request.
describe('the rate limiter cleaning up finished windows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deletes finished windows once the interval is over, one clean-up at a time, and keeps live ones', async () => {
    const db = t.database.db;
    const keys = async () => (await db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key).sort();
    await db.delete(authThrottle);
    await db.insert(authThrottle).values([
      { key: 'rl:done', count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: 'rl:live', count: 1, resetAt: new Date(Date.now() + 60_000) },
    ]);
    const errors: unknown[] = [];
    const pruner = backgroundPruner(db, (err) => errors.push(err), 10_000);
    const start = Date.now();
    pruner.tick(start + 9_000);
    await pruner.settled();
    expect(await keys()).toEqual(['rl:done', 'rl:live']);

    pruner.tick(start + 10_001);
    pruner.tick(start + 30_000); // one is running: no second
    await pruner.settled();
    expect(await keys()).toEqual(['rl:live']);

    await db.insert(authThrottle).values({ key: 'rl:done2', count: 1, resetAt: new Date(Date.now() - 1000) });
    pruner.tick(start + 15_000); // within the interval of the last clean-up
    await pruner.settled();
    expect(await keys()).toEqual(['rl:done2', 'rl:live']);
    pruner.tick(start + 20_002);
    await pruner.settled();
    expect(await keys()).toEqual(['rl:live']);
    expect(errors).toEqual([]);
  });
});
