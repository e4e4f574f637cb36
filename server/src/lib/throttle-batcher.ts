import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { authThrottle } from '../db/schema/index.js';

/** One counted hit's answer: its place in the key's window and how long the window has left. */
export interface ThrottleHit {
  count: number;
  ttlMs: number;
}

interface PendingKey {
  windowMs: number;
  waiters: { resolve: (hit: ThrottleHit) => void; reject: (err: unknown) => void }[];
}

/** At most this many keys in one statement; the rest go in the next. */
const maxKeysPerBatch = 1000;

/**
 * Counts hits in the fixed-window counters of `auth_throttle` (the same rows `hitThrottleWindow`
 * writes), many requests per statement: while one statement is in flight, the hits that arrive
 * wait and then go together, each key once with the number of its hits. The database adds that
 * number atomically and answers the key's new count c; the key's n waiters get c − n + 1 … c. Every
 * hit therefore still gets its own count from one shared sequence in the database, exactly as if
 * each had run its own upsert (decision 0011, "Order throughput"): the limit holds across
 * processes, and nothing is counted in memory. A lone hit goes at once (no timer, no added wait).
 * Keys are written in sorted order, so two processes' batches never wait on each other in a circle.
 */
export class ThrottleBatcher {
  private pending = new Map<string, PendingKey>();
  private inFlight = false;

  constructor(private readonly db: DbOrTx) {}

  hit(key: string, windowMs: number): Promise<ThrottleHit> {
    return new Promise<ThrottleHit>((resolve, reject) => {
      let entry = this.pending.get(key);
      if (!entry) {
        entry = { windowMs, waiters: [] };
        this.pending.set(key, entry);
      }
      entry.waiters.push({ resolve, reject });
      if (!this.inFlight) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.pending.size > 0) {
        const keys = [...this.pending.keys()].sort().slice(0, maxKeysPerBatch);
        const batch = keys.map((key) => [key, this.pending.get(key)!] as const);
        for (const key of keys) this.pending.delete(key);
        try {
          const counts = await this.count(batch.map(([key, p]) => ({ key, hits: p.waiters.length, windowMs: p.windowMs })));
          for (const [key, p] of batch) {
            const row = counts.get(key);
            if (!row) {
              for (const w of p.waiters) w.reject(new Error(`throttle key ${key} was not counted`));
              continue;
            }
            const first = row.count - p.waiters.length + 1;
            p.waiters.forEach((w, i) => w.resolve({ count: first + i, ttlMs: row.ttlMs }));
          }
        } catch (err) {
          for (const [, p] of batch) for (const w of p.waiters) w.reject(err);
        }
      }
    } finally {
      this.inFlight = false;
    }
  }

  private async count(entries: { key: string; hits: number; windowMs: number }[]): Promise<Map<string, ThrottleHit>> {
    const keys = entries.map((e) => e.key);
    const hits = entries.map((e) => e.hits);
    const windows = entries.map((e) => e.windowMs / 1000);
    const result = await this.db.execute(sql`
      INSERT INTO ${authThrottle} (key, count, reset_at)
      SELECT k, n, now() + make_interval(secs => w)
        FROM unnest(${`{${keys.map(arrayText).join(',')}}`}::text[], ${`{${hits.join(',')}}`}::integer[],
                    ${`{${windows.join(',')}}`}::float8[]) AS hit (k, n, w)
       ORDER BY k
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${authThrottle.resetAt} <= now() THEN excluded.count ELSE ${authThrottle.count} + excluded.count END,
        reset_at = CASE WHEN ${authThrottle.resetAt} <= now() THEN excluded.reset_at ELSE ${authThrottle.resetAt} END
      RETURNING key, count, greatest(0, floor(extract(epoch from (reset_at - now())) * 1000))::float8 AS ttl_ms`);
    const rows = (result as unknown as { rows: { key: string; count: number; ttl_ms: number }[] }).rows;
    return new Map(rows.map((r) => [r.key, { count: Number(r.count), ttlMs: Number(r.ttl_ms) }]));
  }
}

/** A PostgreSQL array literal element: quoted, with `"` and `\` escaped. */
function arrayText(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
