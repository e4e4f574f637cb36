import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('providers_owner_unique').on(t.ownerUserId)],
);

/** The stamps of geocontents' charts: each change to a geocontent's charts takes the next (migration 0018). */
export const chartStamps = pgSequence('chart_stamps');

export const geocontents = pgTable(
  'geocontents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The version of the geocontent's charts as the map knows it (decision 0036): a new stamp from
     * `chart_stamps` whenever a collection, a chart or an S-101 dataset of it is added, removed, or
     * updated (its update time), set by the database's own triggers in the same transaction.
     */
    chartStamp: bigint('chart_stamp', { mode: 'number' })
      .notNull()
      .default(sql`nextval('chart_stamps')`),
  },
  (t) => [index('geocontents_provider_idx').on(t.providerId)],
);

export const distributors = pgTable(
  'distributors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    mainUserId: integer('main_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distributors_main_user_unique').on(t.mainUserId)],
);
