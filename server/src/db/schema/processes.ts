import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes sharing this database, each with a heartbeat. A job or an upload claimed by
 * a process that is known to be gone (its heartbeat stopped, or its pid is dead on this host) is
 * taken over at once instead of waiting out a lease.
 */
export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ServerProcessRow = typeof serverProcesses.$inferSelect;

/**
 * Secrets every process of one installation must share (the token-signing secret): made once by
 * whichever process starts first (INSERT … ON CONFLICT DO NOTHING) and read back by all.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
