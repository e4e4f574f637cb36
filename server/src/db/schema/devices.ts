import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activations } from './activations.js';
import { installations } from './licensing.js';
import { distributors } from './providers.js';
import { users } from './users.js';

// The device API (issue 14): app makers' S-63 keys, redeemed devices and their tokens, cell keys,
// built exchange sets, licence-file signing keys, and distributors' webhooks. Secrets are stored
// sealed (AES-256-GCM, server/src/lib/secret-box.ts), never in the clear.

/**
 * An application type (issue 35: data, not code): a navigation app that devices activate with, its
 * platforms, and its manufacturers' keys. The S-63 and S-100 M_ID are in the clear, the M_KEYs sealed;
 * each has a version that a key rotation raises (the keys it replaces move to
 * `application_type_retired_keys`). Null keys: that standard's user permits cannot be read yet.
 */
export const deviceApplications = pgTable('device_applications', {
  applicationTypeId: integer('application_type_id').primaryKey(),
  name: text('name').notNull(),
  /** The platform ids (constants `platforms`) it runs on. */
  platforms: jsonb('platforms').$type<number[]>().notNull().default([]),
  /** A disabled type takes no new activation codes or redeems; its redeemed devices keep working. */
  enabled: boolean('enabled').notNull().default(true),
  mId: text('m_id'),
  mKeySealed: text('m_key_sealed'),
  s63KeyVersion: integer('s63_key_version'),
  s63KeySetAt: timestamp('s63_key_set_at', { withTimezone: true }),
  /** Its S-100 manufacturer (Part 15): M_ID (6 characters) in the clear, M_KEY (16 bytes, hex) sealed; null when it has none. */
  s100MId: text('s100_m_id'),
  s100MKeySealed: text('s100_m_key_sealed'),
  s100KeyVersion: integer('s100_key_version'),
  s100KeySetAt: timestamp('s100_key_set_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A manufacturer key an application type no longer gives new devices (replaced by a rotation),
 * kept sealed so the devices that redeemed with it still have their later user permits read.
 */
export const applicationTypeRetiredKeys = pgTable(
  'application_type_retired_keys',
  {
    applicationTypeId: integer('application_type_id')
      .notNull()
      .references(() => deviceApplications.applicationTypeId, { onDelete: 'cascade' }),
    /** 's63' or 's100' */
    standard: text('standard').$type<'s63' | 's100'>().notNull(),
    version: integer('version').notNull(),
    mId: text('m_id').notNull(),
    mKeySealed: text('m_key_sealed').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationTypeId, t.standard, t.version] })],
);

/** A device that redeemed an activation code: its HW_ID and the bearer token's hash. */
export const deviceRegistrations = pgTable(
  'device_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activationId: integer('activation_id').references(() => activations.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    /** The S-63 HW_ID from its S-63 user permit; null for a device that gave only an S-100 one. */
    hwId: text('hw_id'),
    applicationTypeId: integer('application_type_id').notNull(),
    /** The application type's S-63 and S-100 key versions when it redeemed: its later user permits may still be made with them. */
    s63KeyVersion: integer('s63_key_version'),
    s100KeyVersion: integer('s100_key_version'),
    platformId: integer('platform_id').notNull(),
    /** SHA-256 (hex) of the bearer token; the token itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    /** What the last exchange set delivered: cell name → { edition, update }. */
    delivered: jsonb('delivered').$type<Record<string, { edition: number; update: number }>>().notNull().default({}),
    /** The S-100 HW_ID (32 hex) from its S-100 user permit, and the permit; null until it gives one. */
    s100HwId: text('s100_hw_id'),
    s100UserPermit: text('s100_user_permit'),
    /** What the last S-100 exchange set delivered: dataset name → { edition, update }. */
    s100Delivered: jsonb('s100_delivered').$type<Record<string, { edition: number; update: number }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('device_registrations_token_unique').on(t.tokenHash),
    uniqueIndex('device_registrations_activation_unique').on(t.activationId),
    index('device_registrations_user_idx').on(t.userId),
  ],
);

/** Which installations (licence slots) a registration holds; an installation belongs to one. */
export const registrationInstallations = pgTable(
  'registration_installations',
  {
    registrationId: integer('registration_id')
      .notNull()
      .references(() => deviceRegistrations.id, { onDelete: 'cascade' }),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('registration_installations_installation_unique').on(t.installationId),
    index('registration_installations_reg_idx').on(t.registrationId),
  ],
);

/** One key pair per cell edition (S-63 CK1/CK2), sealed; made on first delivery. */
export const cellKeys = pgTable(
  'cell_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cellName: text('cell_name').notNull(),
    edition: integer('edition').notNull(),
    keysSealed: text('keys_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cell_keys_cell_edition_unique').on(t.cellName, t.edition)],
);

/** A built exchange set waiting to be downloaded (the zip is in the blob store). */
export const exchangeSets = pgTable(
  'exchange_sets',
  {
    id: text('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => deviceRegistrations.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    contents: jsonb('contents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('exchange_sets_registration_idx').on(t.registrationId)],
);

/** Ed25519 keys that sign licence files; a retired key stays published until it expires. */
export const licenseSigningKeys = pgTable('license_signing_keys', {
  kid: text('kid').primaryKey(),
  /** The public key as the JWK `x` (base64url). */
  publicX: text('public_x').notNull(),
  privateSealed: text('private_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** A self-service device swap (limited per licence and period). */
export const deviceSwaps = pgTable(
  'device_swaps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenseId: integer('license_id').notNull(),
    userId: integer('user_id').notNull(),
    oldDeviceId: text('old_device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_swaps_license_idx').on(t.licenseId, t.createdAt)],
);

/** A distributor's webhook endpoint; the HMAC secret is sealed. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_distributor_idx').on(t.distributorId)],
);

/** One event sent to one endpoint, with its attempts (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending → delivered | failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

export type DeviceRegistrationRow = typeof deviceRegistrations.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * What an installation last received (issue 37): the version of each cell in the S-63 exchange
 * sets its device downloaded to the last byte. One row per installation and cell, moved forward
 * by each completed download; the cabinet's "my charts" and the ENC update status report read it.
 */
export const installationCells = pgTable(
  'installation_cells',
  {
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    /** The registration that downloaded it: a row of an installation since moved to another device (swap) no longer counts. */
    registrationId: integer('registration_id')
      .notNull()
      .references(() => deviceRegistrations.id, { onDelete: 'cascade' }),
    cellName: text('cell_name').notNull(),
    edition: integer('edition').notNull(),
    update: integer('update').notNull(),
    exchangeSetId: text('exchange_set_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.cellName] })],
);
