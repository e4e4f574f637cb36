import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

/** The channel a NOTIFY goes out on for each new job, so idle runners wake at once. */
export const JOBS_CHANNEL = 'chartroom_jobs';

/**
 * Adds a job; inside the caller's transaction it only becomes visible when that commits, and so
 * does its wake-up (PostgreSQL delivers a NOTIFY at commit).
 */
export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number> {
  // One round trip: the row and its wake-up in one statement.
  const runAt = opts.runAt ? sql`${opts.runAt.toISOString()}::timestamptz` : sql`now()`;
  const result = (await db.execute(sql`
    WITH job AS (
      INSERT INTO ${jobs} (kind, payload, max_attempts, run_at)
      VALUES (${kind}, ${JSON.stringify(payload ?? null)}::jsonb, ${opts.maxAttempts ?? 5}, ${runAt})
      RETURNING id
    )
    SELECT id, pg_notify(${JOBS_CHANNEL}, ${kind}) FROM job`)) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0]!.id);
}
