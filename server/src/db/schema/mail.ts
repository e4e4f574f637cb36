import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every message the portal sends; without SMTP_URL this table is the demo's outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The HTML alternative of `text` (null for messages queued before mail had one). */
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
