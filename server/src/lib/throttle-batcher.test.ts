import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { waitFor } from '../../test/wait-for.js';
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

// Counts taken ahead (decision 0011): a key hit often takes more numbers than it has waiting hits,
// and hands the rest to its next hits without a statement.
describe('counts taken ahead for a key hit often', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const rowCount = async (key: string) => (await t.database.db.select().from(authThrottle).where(eq(authThrottle.key, key)))[0]?.count;

  it('doubles the numbers taken each time a key uses them up: 200 hits in 8 statements, each hit its own number', async () => {
    const counter = new ThrottleBatcher(t.database.db);
    const key = `rl:ahead:${Date.now()}`;
    const counts: number[] = [];
    const ttls: number[] = [];
    for (let i = 0; i < 200; i++) {
      const hit = await counter.hit(key, 60_000, 1_000_000);
      counts.push(hit.count);
      ttls.push(hit.ttlMs);
    }
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // 1 + 2 + 4 + … + 128 = 255 numbers, taken by 8 statements; the last 55 are this process's.
    expect(await rowCount(key)).toBe(255);
    expect(ttls.every((ms) => ms > 0 && ms <= 60_000)).toBe(true);
    // Hits without a limit are never taken ahead.
    const exact = `rl:exact:${Date.now()}`;
    for (let i = 0; i < 20; i++) await counter.hit(exact, 60_000);
    expect(await rowCount(exact)).toBe(20);
  });

  it('takes at most a sixteenth of the limit ahead', async () => {
    const counter = new ThrottleBatcher(t.database.db);
    const key = `rl:capped:${Date.now()}`;
    for (let i = 0; i < 30; i++) await counter.hit(key, 60_000, 64);
    // 1 + 2 + 4, then 4 at a time: 31 numbers for 30 hits.
    expect(await rowCount(key)).toBe(31);
  });

  it('never admits more than the limit across two processes, and wastes none of it while both keep hitting', async () => {
    const a = new ThrottleBatcher(t.database.db);
    const b = new ThrottleBatcher(t.database.db);
    const key = `rl:shared:${Date.now()}`;
    const max = 64;
    const counts: number[] = [];
    for (let wave = 0; wave < 20; wave++) {
      const hits = Array.from({ length: 10 }, (_, i) => ((wave + i) % 2 ? a : b).hit(key, 60_000, max));
      counts.push(...(await Promise.all(hits)).map((h) => h.count));
    }
    expect(new Set(counts).size).toBe(200);
    expect(counts.filter((c) => c <= max)).toHaveLength(max);
  });

  it('starts again in a new window', async () => {
    let clock = Date.now();
    const counter = new ThrottleBatcher(t.database.db, () => clock);
    const key = `rl:short:${Date.now()}`;
    // A window long enough for the 7 hits on a busy machine; the test waits for its end, no longer.
    const windowMs = 1500;
    for (let i = 0; i < 7; i++) await counter.hit(key, windowMs, 1_000_000);
    expect(await rowCount(key)).toBe(7);
    // The window ends in the database, by its clock, and here, by the batcher's.
    await waitFor(
      async () => {
        const [row] = await t.database.db
          .select({ over: sql<boolean>`${authThrottle.resetAt} <= now()` })
          .from(authThrottle)
          .where(eq(authThrottle.key, key));
        return row!.over;
      },
      { what: 'the window to end in the database' },
    );
    clock += windowMs;
    // The window is over here and in the database: the first hit counts 1, and takes 1.
    expect((await counter.hit(key, windowMs, 1_000_000)).count).toBe(1);
    expect(await rowCount(key)).toBe(1);
  });
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a batcher', () => {
  it('sends the keys of one turn of the event loop together, batches what arrives meanwhile into the next call, and shares a key', async () => {
    const calls: string[][] = [];
    let release: () => void = () => undefined;
    const batcher = new Batcher<string, string>(async (keys) => {
      calls.push(keys);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `value of ${k} from call ${calls.length}`]));
    });
    const first = [batcher.load('a'), batcher.load('c')];
    // Nothing is sent before the turn is over; then the keys asked for in it go in one call.
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual([['a', 'c']]);
    // Asked for while the first call is on its way: they go together in the next one, after it.
    const later = [batcher.load('a'), batcher.load('b'), batcher.load('b'), batcher.load('missing')];
    await nextTurn();
    expect(calls).toHaveLength(1);
    release();
    expect(await Promise.all(first)).toEqual(['value of a from call 1', 'value of c from call 1']);
    expect(await Promise.all(later)).toEqual(['value of a from call 2', 'value of b from call 2', 'value of b from call 2', undefined]);
    expect(calls).toEqual([
      ['a', 'c'],
      ['a', 'b', 'missing'],
    ]);
  });

  it('fails the keys of a failed call only, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(async (keys) => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const failed = batcher.load(1).then(
      () => 'loaded',
      (err: Error) => err.message,
    );
    await nextTurn();
    const next = batcher.load(2);
    expect(await failed).toBe('connection lost');
    expect(await next).toBe(4);
  });
});
