import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { geocontents } from './providers.js';

/**
 * An S-100 dataset of a geocontent (S-101 ENC, S-102/S-104/S-111 HDF5), as applied: its files stay
 * in the blob store under `s100/<gcid>/<name>/…` so exchange sets can be built from them.
 */
export const s100Datasets = pgTable(
  's100_datasets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    /** 'S-101', 'S-102', 'S-104' or 'S-111'. */
    product: text('product').notNull(),
    /** The dataset name without extension (101FR00369300, 102DE00NO13R). */
    name: text('name').notNull(),
    /** The base file's name as uploaded, upper case (101FR00369300.000, 102DE00NO13R.H5). */
    fileName: text('file_name').notNull(),
    edition: integer('edition').notNull(),
    update: integer('update').notNull(),
    /** YYYY-MM-DD of the newest file (the last update's for S-101). */
    issueDate: text('issue_date').notNull(),
    title: text('title'),
    /** S-101: features per type (after the updates). */
    features: jsonb('features').$type<Record<string, number>>(),
    west: doublePrecision('west'),
    south: doublePrecision('south'),
    east: doublePrecision('east'),
    north: doublePrecision('north'),
    /** Base file first, then its updates in order (S-101); the one file (HDF5). */
    blobKeys: jsonb('blob_keys').$type<string[]>().notNull(),
    /** SHA-256 (hex) of each file of blobKeys, in the same order: an identical upload changes nothing. */
    sha256: jsonb('sha256').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('s100_datasets_gc_name_unique').on(t.geocontentId, t.name), index('s100_datasets_name_idx').on(t.name)],
);

/** One AES-128 key per dataset edition (S-100 Part 15), sealed; made on first delivery. */
export const s100DatasetKeys = pgTable(
  's100_dataset_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    edition: integer('edition').notNull(),
    keySealed: text('key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('s100_dataset_keys_name_edition_unique').on(t.name, t.edition)],
);

export type S100DatasetRow = typeof s100Datasets.$inferSelect;
