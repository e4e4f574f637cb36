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
  /** The limit the hits are counted against, when the caller gave one (allows counts taken ahead). */
  max: number | undefined;
  waiters: { resolve: (hit: ThrottleHit) => void; reject: (err: unknown) => void }[];
}

/** At most this many keys in one statement; the rest go in the next. */
const maxKeysPerBatch = 1000;

/** A key's counts taken ahead: `next` … `last` are this process's to give until `resetAt`. */
interface Lease {
  next: number;
  last: number;
  /** Date.now() at which the window is over here (never later than in the database). */
  resetAt: number;
  /** How many numbers the statement that made it took. */
  size: number;
}

/** A key takes ahead at most this fraction of its limit. */
const leaseShareOfLimit = 16;
/** Expired leases are swept when there are more than this many, at most once a second. */
const leaseSweepAbove = 10_000;
const leaseSweepEveryMs = 1000;

/**
 * Counts hits in the fixed-window counters of `auth_throttle` (the same rows `hitThrottleWindow`
 * writes), many requests per statement: while one statement is in flight, the hits that arrive
 * wait and then go together, each key once with the number of its hits. The database adds that
 * number atomically and answers the key's new count c; the key's n waiters get c − n + 1 … c. Every
 * hit therefore still gets its own count from one shared sequence in the database, exactly as if
 * each had run its own upsert (decision 0011, "Order throughput"): the limit holds across
 * processes. A lone hit goes at once (no timer, no added wait).
 * Keys are written in sorted order, so two processes' batches never wait on each other in a circle.
 *
 * A key hit often, with a limit given, takes its counts ahead (decision 0011, "Counts taken
 * ahead"): the statement adds more than the waiting hits, and the numbers left over are handed to
 * the key's next hits in this process, without a statement, until they run out or the window ends
 * here (its end as the database gave it, measured from when the statement was sent, so never later
 * than the database's). Each number is still the database's and is given once, so no process ever
 * admits more than the limit; numbers taken ahead by one process and not used are refused to the
 * others, at most a sixteenth of the limit per process and key. The lease doubles each time the key
 * uses one up within its window (1, 2, 4, … up to limit/16) and starts again at 1 in a new window.
 */
export class ThrottleBatcher {
  private pending = new Map<string, PendingKey>();
  private leases = new Map<string, Lease>();
  private lastSweep = 0;
  private inFlight = false;

  /** `now` is the clock the leases are measured by (tests pass their own). */
  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key`; with `max` (the limit it is held to), counts may be taken ahead. */
  hit(key: string, windowMs: number, max?: number): Promise<ThrottleHit> {
    const leased = this.fromLease(key, this.now());
    if (leased) return Promise.resolve(leased);
    return new Promise<ThrottleHit>((resolve, reject) => {
      let entry = this.pending.get(key);
      if (!entry) {
        entry = { windowMs, max, waiters: [] };
        this.pending.set(key, entry);
      }
      entry.waiters.push({ resolve, reject });
      if (!this.inFlight) void this.flush();
    });
  }

  /** The next number of the key's lease, while it has one and its window is not over here. */
  private fromLease(key: string, now: number): ThrottleHit | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.next > lease.last || now >= lease.resetAt) return undefined;
    return { count: lease.next++, ttlMs: lease.resetAt - now };
  }

  /** How many numbers a statement takes for a key whose waiting hits found no lease left. */
  private leaseSize(key: string, max: number | undefined, now: number): number {
    if (max === undefined || !Number.isFinite(max)) return 1;
    const cap = Math.max(1, Math.floor(max / leaseShareOfLimit));
    const previous = this.leases.get(key);
    // A key that used up its lease within the window takes twice as many; a new window starts at 1.
    if (!previous || now >= previous.resetAt) return 1;
    return Math.min(cap, previous.size * 2);
  }

  private async flush(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.pending.size > 0) {
        const sentAt = this.now();
        const keys = [...this.pending.keys()].sort().slice(0, maxKeysPerBatch);
        const batch: { key: string; p: PendingKey; take: number }[] = [];
        for (const key of keys) {
          const p = this.pending.get(key)!;
          this.pending.delete(key);
          // A lease that came back while these waited serves them first.
          while (p.waiters.length > 0) {
            const leased = this.fromLease(key, sentAt);
            if (!leased) break;
            p.waiters.shift()!.resolve(leased);
          }
          if (p.waiters.length > 0) batch.push({ key, p, take: Math.max(p.waiters.length, this.leaseSize(key, p.max, sentAt)) });
        }
        if (batch.length === 0) continue;
        try {
          const counts = await this.count(batch.map(({ key, p, take }) => ({ key, hits: take, windowMs: p.windowMs })));
          for (const { key, p, take } of batch) {
            const row = counts.get(key);
            if (!row) {
              for (const w of p.waiters) w.reject(new Error(`throttle key ${key} was not counted`));
              continue;
            }
            const first = row.count - take + 1;
            p.waiters.forEach((w, i) => w.resolve({ count: first + i, ttlMs: row.ttlMs }));
            if (p.max !== undefined) {
              this.leases.set(key, { next: first + p.waiters.length, last: row.count, resetAt: sentAt + row.ttlMs, size: take });
            }
          }
        } catch (err) {
          for (const { p } of batch) for (const w of p.waiters) w.reject(err);
        }
        if (this.leases.size > leaseSweepAbove) this.sweepLeases(this.now());
      }
    } finally {
      this.inFlight = false;
    }
  }

  private sweepLeases(now: number): void {
    if (now - this.lastSweep < leaseSweepEveryMs) return;
    this.lastSweep = now;
    for (const [key, lease] of this.leases) if (now >= lease.resetAt) this.leases.delete(key);
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
    // A statement that waited for another's row lock reads the window's end against its own
    // start: never more of the window left than the window itself.
    const windowOf = new Map(entries.map((e) => [e.key, e.windowMs]));
    return new Map(
      rows.map((r) => [r.key, { count: Number(r.count), ttlMs: Math.min(windowOf.get(r.key) ?? Infinity, Number(r.ttl_ms)) }]),
    );
  }
}

/** A PostgreSQL array literal element: quoted, with `"` and `\` escaped. */
function arrayText(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
