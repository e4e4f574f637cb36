import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { pruneThrottle } from '../lib/throttle.js';
import { ThrottleBatcher } from '../lib/throttle-batcher.js';

/** A long key (a bearer token, when the limit is per session) is kept as its SHA-256, never as itself. */
function keyOf(key: string): string {
  return key.length <= 64 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

/** The least time between two clean-ups of finished windows (per process). */
const PRUNE_INTERVAL_MS = 10_000;

/**
 * Finished windows are deleted in the background, at most once per interval and one at a time: no
 * request waits for it (it was every 500 counts, awaited by the request that made the 500th: 37
 * deletes a second at 18,000 update checks a second). A failure is logged; the next interval tries again.
 */
export function backgroundPruner(db: Db, onError: (err: unknown) => void, intervalMs = PRUNE_INTERVAL_MS) {
  let last = Date.now();
  let running: Promise<void> | null = null;
  return {
    /** Called on every count: starts a clean-up when the interval is over and none is running. */
    tick(now = Date.now()): void {
      if (running || now - last < intervalMs) return;
      last = now;
      running = pruneThrottle(db)
        .catch(onError)
        .finally(() => {
          running = null;
        });
    },
    /** The clean-up under way, if any (for tests and shutdown). */
    settled: (): Promise<void> => running ?? Promise.resolve(),
  };
}

/**
 * A @fastify/rate-limit store in the database (the auth_throttle table), so the per-address limits
 * hold across every process of the portal, as the per-account ones do. Concurrent requests' counts
 * go to the database together (ThrottleBatcher): one statement per batch, each request still
 * counted exactly; a key hit often takes its counts ahead, a few per statement (at most a sixteenth
 * of its limit), so a device polling hard does not write on every call.
 */
export function dbRateLimitStore(db: Db, onPruneError: (err: unknown) => void): FastifyRateLimitStoreCtor {
  const pruner = backgroundPruner(db, onPruneError);
  const batcher = new ThrottleBatcher(db);
  class DbStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'rl:') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      const windowMs = timeWindow ?? 60_000;
      batcher
        .hit(`${this.prefix}${keyOf(key)}`, windowMs, max)
        .then(({ count, ttlMs }) => {
          pruner.tick();
          callback(null, { current: count, ttl: ttlMs });
        })
        .catch((err: Error) => callback(err));
    }

    child(routeOptions: { method?: string | string[]; url?: string; path?: string }): FastifyRateLimitStore {
      const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(',') : (routeOptions.method ?? '');
      return new DbStore(`rl:${method}:${routeOptions.url ?? routeOptions.path ?? ''}:`);
    }
  }
  return DbStore as unknown as FastifyRateLimitStoreCtor;
}
