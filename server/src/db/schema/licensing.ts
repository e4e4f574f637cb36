import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { distributors, geocontents } from './providers.js';
import { users } from './users.js';

/** One product per geocontent and licence type (com, corp, free); `price` only for com. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    geocontentId: integer('geocontent_id')
      .notNull()
      .references(() => geocontents.id, { onDelete: 'cascade' }),
    licType: text('lic_type').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    price: numeric('price', { precision: 12, scale: 2 }),
    enc: boolean('enc').notNull().default(true),
    s102: boolean('s102').notNull().default(false),
    poi: boolean('poi').notNull().default(false),
    ntm: boolean('ntm').notNull().default(false),
    ais: boolean('ais').notNull().default(false),
    weather: boolean('weather').notNull().default(false),
    noaaWeather: boolean('noaa_weather').notNull().default(false),
    navMsg: boolean('nav_msg').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_gc_type_unique').on(t.geocontentId, t.licType)],
);
export type ProductRow = typeof products.$inferSelect;

/** A licence issued to a user for a product, by the publisher, a distributor or an app store. */
export const licenses = pgTable(
  'licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 0 = unlimited. */
    deviceCount: integer('device_count').notNull().default(0),
    /** The product's price when issued (com only). */
    price: numeric('price', { precision: 12, scale: 2 }),
    issuerType: text('issuer_type').notNull(),
    distributorId: integer('distributor_id').references(() => distributors.id, { onDelete: 'set null' }),
    issuedByUserId: integer('issued_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('licenses_product_idx').on(t.productId), index('licenses_user_idx').on(t.userId)],
);
export type LicenseRow = typeof licenses.$inferSelect;

/** A device holding a licence's data; a licence's deviceCount bounds these. */
export const installations = pgTable(
  'installations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    platformId: integer('platform_id').notNull(),
    applicationTypeId: integer('application_type_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installations_license_device_unique').on(t.licenseId, t.deviceId)],
);
export type InstallationRow = typeof installations.$inferSelect;

/** A distributor's permission to sell a product: pending → accepted | rejected → … (spec §4). */
export const distributorPermits = pgTable(
  'distributor_permits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('permits_distributor_product_unique').on(t.distributorId, t.productId), index('permits_product_idx').on(t.productId)],
);
export type PermitRow = typeof distributorPermits.$inferSelect;

/** A distributor's custom product for one user: a title and external items (S63ENC links). */
export const customProducts = pgTable(
  'custom_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (t) => [index('custom_products_distributor_user_idx').on(t.distributorId, t.userId)],
);

export const customProductItems = pgTable(
  'custom_product_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customProductId: integer('custom_product_id')
      .notNull()
      .references(() => customProducts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    url: text('url').notNull(),
  },
  (t) => [index('custom_product_items_product_idx').on(t.customProductId)],
);
