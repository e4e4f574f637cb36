import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['user']::text[]`),
    /** The geocontent a provider last worked on (spec: "defaults to the provider's last"). */
    currentGcId: integer('current_gc_id'),
    /** 'en' | 'ru': the language of the page the user registered on, changeable in the cabinet; mail goes out in it. */
    locale: text('locale').notNull().default('en'),
    /** Raised by a password change or reset: every token signed with a lower version is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;
