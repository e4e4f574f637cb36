import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { pruneThrottle } from '../lib/throttle.js';
import { ThrottleBatcher } from '../lib/throttle-batcher.js';

/** A long key (a bearer token, when the limit is per session) is kept as its SHA-256, never as itself. */
function keyOf(key: string): string {
  return key.length <= 64 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

/** How many counts between two clean-ups of finished windows (per process). */
const pruneEvery = 500;

/**
 * A @fastify/rate-limit store in the database (the auth_throttle table), so the per-address limits
 * hold across every process of the portal, as the per-account ones do. Concurrent requests' counts
 * go to the database together (ThrottleBatcher): one statement per batch, each request still
 * counted exactly; a key hit often takes its counts ahead, a few per statement (at most a sixteenth
 * of its limit), so a device polling hard does not write on every call.
 */
export function dbRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let sincePrune = 0;
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
        .then(async ({ count, ttlMs }) => {
          if (++sincePrune >= pruneEvery) {
            sincePrune = 0;
            await pruneThrottle(db);
          }
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
