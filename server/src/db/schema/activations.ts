import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A device activation request (spec activ8license): the code is what the device is given. */
export const activations = pgTable(
  'activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    deviceId: text('device_id').notNull(),
    applicationTypeId: integer('application_type_id').notNull(),
    platformId: integer('platform_id').notNull(),
    durationMonths: integer('duration_months').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('activations_code_unique').on(t.code)],
);
