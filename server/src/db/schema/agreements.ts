import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './licensing.js';
import { distributors } from './providers.js';
import { users } from './users.js';

// Agreements, their rates, users, limits and the append-only ledger (decision 0011).

/** People a distributor adds by e-mail as order managers of its orders. */
export const distributorMembers = pgTable(
  'distributor_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distributor_members_unique').on(t.distributorId, t.userId), index('distributor_members_user_idx').on(t.userId)],
);

/**
 * A user's devices (spec §3 Installation), gathered from the user's activations and the devices on the
 * user's licences; the id is what agreements and orders name.
 */
export const userInstallations = pgTable(
  'user_installations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    applicationTypeId: integer('application_type_id'),
    platformId: integer('platform_id').notNull(),
    shipName: text('ship_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_installations_user_device_unique').on(t.userId, t.deviceId)],
);
export type UserInstallationRow = typeof userInstallations.$inferSelect;

export const agreements = pgTable(
  'agreements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    supervisorId: integer('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Credit line: the balance may not fall below minus this; null = no limit. */
    agreementLimit: numeric('agreement_limit', { precision: 14, scale: 2 }),
    /** The last ledger row's balance, kept beside it in the same transaction under the row lock. */
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('agreements_distributor_idx').on(t.distributorId), index('agreements_supervisor_idx').on(t.supervisorId)],
);
export type AgreementRow = typeof agreements.$inferSelect;

/** One row per application × rate product × currency that has a price. */
export const agreementRates = pgTable(
  'agreement_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    application: text('application').notNull(),
    product: text('product').notNull(),
    currency: text('currency').notNull(),
    net: numeric('net', { precision: 12, scale: 2 }),
    endUser: numeric('end_user', { precision: 12, scale: 2 }),
  },
  (t) => [uniqueIndex('agreement_rates_cell_unique').on(t.agreementId, t.application, t.product, t.currency)],
);
export type AgreementRateRow = typeof agreementRates.$inferSelect;

/** Which portal products a rate product (Primar, NOAA, NHO) stands for: processing licenses these. */
export const rateProductLinks = pgTable(
  'rate_product_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rateProduct: text('rate_product').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('rate_product_links_unique').on(t.rateProduct, t.productId)],
);

/** A user under an agreement, with the user's limit and charges minus refunds so far. */
export const agreementUsers = pgTable(
  'agreement_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userLimit: numeric('user_limit', { precision: 14, scale: 2 }),
    spent: numeric('spent', { precision: 14, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_users_unique').on(t.agreementId, t.userId), index('agreement_users_user_idx').on(t.userId)],
);

/** The installations a user is attached to an agreement with. */
export const agreementInstallations = pgTable(
  'agreement_installations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => userInstallations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreement_installations_unique').on(t.agreementId, t.installationId),
    index('agreement_installations_installation_idx').on(t.installationId),
  ],
);

/**
 * A distributor's invitation of a user to one of its agreements (issue 34): the distributor sees the
 * user's devices only once the user accepts, choosing which of them join (decision 0023).
 */
export const agreementInvitations = pgTable(
  'agreement_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** pending, accepted or declined. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('agreement_invitations_unique').on(t.agreementId, t.userId), index('agreement_invitations_user_idx').on(t.userId)],
);
export type AgreementInvitationRow = typeof agreementInvitations.$inferSelect;

/**
 * The ledger: append-only. Each row's balance = the previous row's balance (of its agreement) + amount;
 * charges are negative. At most one charge and one refund per order.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    installationId: integer('installation_id').references(() => userInstallations.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    type: text('type').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull(),
    agreementLimit: numeric('agreement_limit', { precision: 14, scale: 2 }),
    userLimit: numeric('user_limit', { precision: 14, scale: 2 }),
    actorUserId: integer('actor_user_id'),
    /** Why a top-up or an adjustment was posted (the distributor's words). */
    reason: text('reason'),
    /** A top-up's or adjustment's `Idempotency-Key` (unique per agreement) and the SHA-256 of its request. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
  },
  (t) => [
    index('transactions_agreement_idx').on(t.agreementId, t.id),
    index('transactions_user_idx').on(t.userId),
    // NULL keys (charges and refunds) never conflict: unique indexes treat NULLs as distinct.
    uniqueIndex('transactions_agreement_key_unique').on(t.agreementId, t.idempotencyKey),
    uniqueIndex('transactions_order_charge_unique')
      .on(t.orderId)
      .where(sql`type = 'charge'`),
    uniqueIndex('transactions_order_refund_unique')
      .on(t.orderId)
      .where(sql`type = 'refund'`),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;
