import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { authThrottle } from '../db/schema/index.js';

/**
 * Fixed-window counters in the database, so every process sees the same counts (failed sign-ins per
 * address and account, mail per recipient). One statement counts a hit and answers the new count.
 */
export async function hitThrottle(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  return (await hitThrottleWindow(db, key, windowMs)).count;
}

/** Like hitThrottle, also telling how long the window has left. */
export async function hitThrottleWindow(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const resetAt = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, count: 1, resetAt: sql`${resetAt}` as unknown as Date })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${authThrottle.resetAt} <= now() THEN 1 ELSE ${authThrottle.count} + 1 END`,
        resetAt: sql`CASE WHEN ${authThrottle.resetAt} <= now() THEN ${resetAt} ELSE ${authThrottle.resetAt} END`,
      },
    })
    .returning({
      count: authThrottle.count,
      ttlMs: sql<number>`greatest(0, floor(extract(epoch from (${authThrottle.resetAt} - now())) * 1000))::float8`,
    });
  // A statement that waited for another's row lock reads the window's end against its own start.
  return { count: row!.count, ttlMs: Math.min(windowMs, Number(row!.ttlMs)) };
}

/** The hits counted under `key` in its current window (0 when none or the window is over). */
export async function countThrottle(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ count: authThrottle.count })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, key), gt(authThrottle.resetAt, sql`now()`)));
  return row?.count ?? 0;
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Drops windows that are over; called now and then so the table stays small. */
export async function pruneThrottle(db: DbOrTx): Promise<void> {
  await db.delete(authThrottle).where(lte(authThrottle.resetAt, sql`now()`));
}
