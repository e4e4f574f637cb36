import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { geocontents } from './providers.js';

/**
 * The map preparation of one cell version (decision 0032): `key` is the chart-set key of an S-57
 * cell, an S-101 dataset or an S-102 grid (`<id>:<updatedAtMs>`, `s101-<id>:<updatedAtMs>`), so a
 * new edition or update is a new row. A cell of the current collection without a row is still
 * being prepared (`tiles.prepare` jobs); `failed` after the job's last attempt (its tiles are then
 * still made on demand). `error` is a short reason for the provider, never a stack or a path.
 */
export const mapCellStates = pgTable(
  'map_cell_states',
  {
    key: text('key').primaryKey(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    /** 'ready' | 'failed' */
    status: text('status').$type<'ready' | 'failed'>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('map_cell_states_gc_idx').on(t.geocontentId)],
);

export type MapCellStateRow = typeof mapCellStates.$inferSelect;
