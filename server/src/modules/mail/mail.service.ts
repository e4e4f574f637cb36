import type { DbOrTx } from '../../db/client.js';
import type { JobHandler } from '../../jobs/runner.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { MailMessage, Mailer } from '../../lib/mailer.js';
import { findOutboxMessage, insertOutboxMessage, markOutboxMessageSent } from './mail.repository.js';

export const mailJobKind = 'mail';

/** Records the message in the outbox and queues its delivery (a durable job), in the caller's transaction. */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  const outboxId = await insertOutboxMessage(db, message);
  await enqueueJob(db, mailJobKind, { outboxId }, { maxAttempts: 8 });
}

export function mailJobHandler(mailer: Mailer): JobHandler {
  return async (payload, { db }) => {
    const { outboxId } = payload as { outboxId: number };
    const row = await findOutboxMessage(db, outboxId);
    if (!row || row.sentAt) return { skipped: true };
    await mailer.deliver({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    await markOutboxMessageSent(db, outboxId);
    return { delivered: mailer.isSmtp ? 'smtp' : 'outbox' };
  };
}
