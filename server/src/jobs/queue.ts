import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

/** Adds a job; inside the caller's transaction it only becomes visible when that commits. */
export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, maxAttempts: opts.maxAttempts ?? 5, runAt: opts.runAt ?? sql`now()` })
    .returning({ id: jobs.id });
  return row!.id;
}
