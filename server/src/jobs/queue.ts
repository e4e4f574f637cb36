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
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, maxAttempts: opts.maxAttempts ?? 5, runAt: opts.runAt ?? sql`now()` })
    .returning({ id: jobs.id });
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`);
  return row!.id;
}
