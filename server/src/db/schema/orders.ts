import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agreements, userInstallations } from './agreements.js';
import { distributors } from './providers.js';
import { users } from './users.js';

/** An order placed by a device's app; `distributorId` (the agreement's) says whose desk it is on. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => userInstallations.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
    distributorId: integer('distributor_id').references(() => distributors.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull(),
    shipName: text('ship_name'),
    deviceId: text('device_id').notNull(),
    applicationTypeId: integer('application_type_id'),
    errorReason: text('error_reason'),
    error: text('error'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_key_unique').on(t.userId, t.idempotencyKey),
    index('orders_distributor_idx').on(t.distributorId, t.id),
    index('orders_agreement_idx').on(t.agreementId),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    months: integer('months').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

/** One free trial per user and rate product, whatever the order became. */
export const trialClaims = pgTable(
  'trial_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('trial_claims_unique').on(t.userId, t.product)],
);

/** Payment provider events already handled: a provider's retried delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: integer('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_unique').on(t.provider, t.eventId)],
);
