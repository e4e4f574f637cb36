import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResets, revokedSessions } from '../../db/schema/index.js';

// The rows of the sign-in flows that are not the user's own: reset links and ended sessions.

/** A reset link, stored as the SHA-256 of its token, that works for `minutes` from now. */
export async function insertPasswordReset(db: DbOrTx, values: { userId: number; tokenHash: string; minutes: number }): Promise<void> {
  await db.insert(passwordResets).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${values.minutes})` as unknown as Date,
  });
}

/**
 * Marks the unused, unexpired link with this token hash used, in one statement: of two uses at once
 * only one finds it. Answers the account's id, or undefined.
 */
export async function claimPasswordReset(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return claimed?.userId;
}

/** Every outstanding link of the account stops working. */
export async function revokeResetLinks(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Records a session as ended until its absolute end, and drops the rows of sessions past theirs. */
export async function recordRevokedSession(db: DbOrTx, values: { sid: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(revokedSessions).values(values).onConflictDoNothing();
  // Rows of sessions past their absolute end protect nothing any more.
  await db.delete(revokedSessions).where(sql`${revokedSessions.expiresAt} < now()`);
}
