import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what, when and from where: licence, permit and device actions. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    geocontentId: integer('geocontent_id'),
    subject: jsonb('subject').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_geocontent_idx').on(t.geocontentId, t.createdAt)],
);
