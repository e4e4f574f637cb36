import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { geocontents } from './providers.js';
import { users } from './users.js';

// The non-chart data of a geocontent: NTM PDFs, points of interest and their releases, raw depth
// files, navigation messages from devices, and map tasks. Files live in the blob store by key.

export const ntms = pgTable(
  'ntms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    description: text('description'),
    addDate: timestamp('add_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ntms_geocontent_idx').on(t.geocontentId)],
);

export const pois = pgTable(
  'pois',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of the contract's poiCategories, validated by zod. */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pois_geocontent_idx').on(t.geocontentId)],
);

/** "Publish Poi": a frozen copy of the points at that moment, which later edits do not change. */
export const poiReleases = pgTable(
  'poi_releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    itemsCount: integer('items_count').notNull(),
    items: jsonb('items').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('poi_releases_geocontent_idx').on(t.geocontentId)],
);

export const rawDepths = pgTable(
  'raw_depths',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    description: text('description'),
    isPublished: boolean('is_published').notNull().default(false),
    /** The XYZ/CSV summary (format, pointCount, bbox, minDepth, maxDepth), null for other files. */
    summary: jsonb('summary'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('raw_depths_geocontent_idx').on(t.geocontentId)],
);

export const navMessages = pgTable(
  'nav_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nav_messages_geocontent_idx').on(t.geocontentId)],
);

export const navMessageImages = pgTable(
  'nav_message_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => navMessages.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('nav_message_images_message_idx').on(t.messageId)],
);

/** `gotomap`: an unguessable id the map screen turns back into the geocontent. */
export const mapTasks = pgTable(
  'map_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: text('task_id').notNull(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('map_tasks_task_id_unique').on(t.taskId)],
);
