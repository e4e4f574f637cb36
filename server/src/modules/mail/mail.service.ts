import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/runner.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { MailMessage, Mailer } from '../../lib/mailer.js';

export const mailJobKind = 'mail';

/** Records the message in the outbox and queues its delivery (a durable job), in the caller's transaction. */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  await enqueueJob(db, mailJobKind, { outboxId: row!.id }, { maxAttempts: 8 });
}

export function mailJobHandler(mailer: Mailer): JobHandler {
  return async (payload, { db }) => {
    const { outboxId } = payload as { outboxId: number };
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    if (!row || row.sentAt) return { skipped: true };
    await mailer.deliver({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(eq(mailOutbox.id, outboxId));
    return { delivered: mailer.isSmtp ? 'smtp' : 'outbox' };
  };
}
