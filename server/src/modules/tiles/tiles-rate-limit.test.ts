import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { WindowCounter } from '../../lib/window-counter.js';
import { loginProvider } from '../charts/charts.test-helper.js';

describe('map tile rate limits', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof loginProvider>>;

  beforeAll(async () => {
    t = await buildTestApp({ TILES_PER_MINUTE_PER_TASK: 5, TILES_PER_MINUTE_PER_ADDRESS: 8 });
    p = await loginProvider(t, 'Rate Limited Tiles Office');
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
  });
  afterAll(() => t.close());

  const newTask = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json().taskId as string;
  const tile = (taskId: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url: `/tiles/3/4/2.pbf?taskId=${taskId}`, remoteAddress });

  it('answers a map its tiles up to the limit per task, then 429 with Retry-After; another task goes on', async () => {
    const first = await newTask();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await tile(first)).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 200 || c === 204)).toBe(true);
    const refused = await tile(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The address has used 7 of its 8: a second task of the same client gets one more, then 429.
    const second = await newTask();
    expect([200, 204]).toContain((await tile(second)).statusCode);
    expect((await tile(second)).statusCode).toBe(429);
    // Another client is not held back by the first one's requests.
    expect([200, 204]).toContain((await tile(second, '198.51.100.9')).statusCode);
  });
});

describe('WindowCounter', () => {
  it('counts per key in windows, and starts again when the window ends', () => {
    let now = 1_000_000;
    const counter = new WindowCounter(2, 60_000, 100, () => now);
    expect(counter.hit('a').allowed).toBe(true);
    expect(counter.hit('a').allowed).toBe(true);
    expect(counter.hit('b').allowed).toBe(true);
    now += 45_000;
    expect(counter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    now += 15_000;
    expect(counter.hit('a').allowed).toBe(true);
  });
});
