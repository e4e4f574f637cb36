import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { Batcher } from './batcher.js';
import { hitThrottleWindow } from './throttle.js';
import { ThrottleBatcher } from './throttle-batcher.js';

// The rate limiter's counters on PostgreSQL (decision 0011, "Order throughput"): hits counted many
// per statement must still each get their own count from the one sequence in the database.
describe('counting throttle hits in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives every concurrent hit its own count, also across two processes sharing the counters', async () => {
    const db = t.database.db;
    // Two batchers stand for two processes of the portal on one database.
    const a = new ThrottleBatcher(db);
    const b = new ThrottleBatcher(db);
    const keys = ['rl:POST:/api/x:one', 'rl:POST:/api/x:"quoted\\key"', 'rl:GET:/api/y:two'];
    const hits = Array.from({ length: 300 }, (_, i) =>
      (i % 2 ? a : b).hit(keys[i % 3]!, 60_000).then((hit) => ({ key: keys[i % 3]!, hit })),
    );
    // The single-statement path counts in the same rows.
    const single = Array.from({ length: 30 }, () => hitThrottleWindow(db, keys[0]!, 60_000).then((hit) => ({ key: keys[0]!, hit })));
    const answers = await Promise.all([...hits, ...single]);
    for (const key of keys) {
      const counts = answers
        .filter((x) => x.key === key)
        .map((x) => x.hit.count)
        .sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: counts.length }, (_, i) => i + 1));
      const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
      expect(row?.count).toBe(counts.length);
    }
    expect(answers.every((x) => x.hit.ttlMs > 0 && x.hit.ttlMs <= 60_000)).toBe(true);
  });

  it('starts a new window once the old one is over', async () => {
    const db = t.database.db;
    const counter = new ThrottleBatcher(db);
    const key = `rl:window:${Date.now()}`;
    await Promise.all([counter.hit(key, 60_000), counter.hit(key, 60_000)]);
    await db
      .update(authThrottle)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(authThrottle.key, key));
    const next = await Promise.all([counter.hit(key, 60_000), counter.hit(key, 60_000), counter.hit(key, 60_000)]);
    expect(next.map((h) => h.count).sort()).toEqual([1, 2, 3]);
  });
});

describe('a batcher', () => {
  it('sends a lone key at once, batches what arrives meanwhile into the next call, and shares a key', async () => {
    const calls: string[][] = [];
    let release: () => void = () => undefined;
    const batcher = new Batcher<string, string>(async (keys) => {
      calls.push(keys);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `value of ${k} from call ${calls.length}`]));
    });
    const first = batcher.load('a');
    expect(calls).toEqual([['a']]);
    // Asked for while the first call is on its way: they go together in the next one, after it.
    const later = [batcher.load('a'), batcher.load('b'), batcher.load('b'), batcher.load('missing')];
    expect(calls).toHaveLength(1);
    release();
    expect(await first).toBe('value of a from call 1');
    expect(await Promise.all(later)).toEqual(['value of a from call 2', 'value of b from call 2', 'value of b from call 2', undefined]);
    expect(calls).toEqual([['a'], ['a', 'b', 'missing']]);
  });

  it('fails the keys of a failed call only, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(async (keys) => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const failed = batcher.load(1);
    const next = batcher.load(2);
    await expect(failed).rejects.toThrow('connection lost');
    expect(await next).toBe(4);
  });
});
