import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** One round trip to the database (the readiness probe): throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
