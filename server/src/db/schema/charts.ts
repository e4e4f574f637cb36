import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { geocontents } from './providers.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * One collection per geocontent and kind (`enc` or `s102`). `type` says where the ENC came from
 * (`s57` files or a converted `s63` exchange set); `meta_info` holds { ZipFileName, Timestamp } for s63.
 */
export const chartCollections = pgTable(
  'chart_collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    metaInfo: jsonb('meta_info'),
    /** Companion files (TXT/TIF) of the ENC by upper-case name → blob key. */
    companionKeys: jsonb('companion_keys').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chart_collections_gc_kind_unique').on(t.geocontentId, t.kind)],
);

/** A cell (or S-102 grid) as applied; its files stay in the blob store so it can be read again. */
export const charts = pgTable(
  'charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => chartCollections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    edition: integer('edition'),
    update: integer('update'),
    /** YYYY-MM-DD */
    releaseDate: text('release_date'),
    scale: integer('scale'),
    band: integer('band'),
    description: text('description'),
    /** S-102 only: the shallowest and deepest depth in metres, so the web words the range itself. */
    depthMin: doublePrecision('depth_min'),
    depthMax: doublePrecision('depth_max'),
    west: doublePrecision('west'),
    south: doublePrecision('south'),
    east: doublePrecision('east'),
    north: doublePrecision('north'),
    /** GeoJSON MultiPolygon of the cell's data coverage (M_COVR CATCOV=1), when it has one. */
    coverage: jsonb('coverage'),
    sourceType: text('source_type').notNull(),
    /** Base cell first, then its updates in order (ENC); the grid then its preview PNG (S-102). */
    blobKeys: jsonb('blob_keys').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('charts_collection_name_unique').on(t.collectionId, t.name)],
);

/** A staged S-57 upload: its files are under `staging/<guid>/` until applied or reverted. */
export const encUploads = pgTable(
  'enc_uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** unpacking (room reserved) → staged → saved → applying → applied (a reverted or expired upload is deleted). */
    state: text('state').notNull().default('staged'),
    /** While `applying`: the server process that claimed it (server_processes.id). */
    claimedBy: uuid('claimed_by'),
    /** A staged or saved upload is removed with its files after this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    /** Bytes the staged files take (counted against the uploader's limit while open). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** The review rows shown to the provider. */
    comparison: jsonb('comparison').notNull(),
    /** What Apply does: the cells to write with their files and metadata. */
    plan: jsonb('plan').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('enc_uploads_guid_unique').on(t.guid), index('enc_uploads_gc_idx').on(t.geocontentId)],
);

/** An uploaded S-63 exchange set and the durable job that converts it. */
export const s63Conversions = pgTable(
  's63_conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    zipFileName: text('zip_file_name').notNull(),
    zipKey: text('zip_key').notNull(),
    /** Per-cell outcome once converted: { name, update, status, reason }[]. */
    cells: jsonb('cells'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('s63_conversions_gc_idx').on(t.geocontentId)],
);

export type ChartCollectionRow = typeof chartCollections.$inferSelect;
export type ChartDbRow = typeof charts.$inferSelect;
export type EncUploadRow = typeof encUploads.$inferSelect;
export type S63ConversionRow = typeof s63Conversions.$inferSelect;
