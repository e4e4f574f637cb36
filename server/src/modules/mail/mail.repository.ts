import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage } from '../../lib/mailer.js';

// The outbox: every message the portal sends is a row first (queued in the caller's transaction),
// delivered by the mail job, and listed by the development outbox page without SMTP_URL.

export async function insertOutboxMessage(db: DbOrTx, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function findOutboxMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function markOutboxMessageSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

/** The newest messages, to one address or to all. */
export async function listOutboxMessages(db: DbOrTx, to: string | undefined, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
