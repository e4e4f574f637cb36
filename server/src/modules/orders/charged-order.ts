import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { OrderErrorReason } from '@chartroom/contracts/constants';
import type { Db } from '../../db/client.js';
import { agreements, agreementUsers, auditLog, orderItems, orders, transactions, userInstallations } from '../../db/schema/index.js';
import { formatCents } from '../../lib/money.js';
import { AUDIT_LOCK_KEY } from '../audit/audit.repository.js';

// An agreement order in one statement (decision 0011, "one statement per order"), run on its own
// (autocommit): the user's row is locked (FOR UPDATE returns its newest version after any wait), the
// agreement's balance moves only if both the agreement's floor and the user's limit allow it, then
// the user's total, the order with its items, the ledger row and the audit entry are written. The
// statement is all or nothing, so no row lock is held across a round trip to Node: the locks last
// as long as the statement and its commit inside the server.
//
// Order of the parts: a CTE that reads another's rows runs after it, so the user's row is locked
// before the agreement's (the lock order of every ledger move), the order's status follows the
// charge, and the audit row's id is drawn after the audit lock. A retry of a committed key writes
// nothing (`fresh`); a concurrent twin fails on the (user, key) unique index and rolls back whole.

export interface ChargedOrderValues {
  userId: number;
  actorEmail: string;
  installationId: number;
  agreementId: number;
  distributorId: number;
  currency: string;
  totalCents: bigint;
  /** The ship name the order carries. */
  shipName: string | null;
  /** A new ship name for the installation, when the order names one it does not have yet. */
  newShipName: string | null;
  deviceId: string;
  applicationTypeId: number | null;
  idempotencyKey: string;
  requestHash: string;
  items: { product: string; months: number; cents: bigint }[];
  ip: string | null;
}

export type ChargedOrderResult =
  | { kind: 'key-taken' }
  | {
      kind: 'placed';
      orderId: number;
      createdAt: Date;
      status: 'new' | 'error';
      errorReason: OrderErrorReason | null;
      error: string | null;
      items: { id: number; product: string }[];
    };

interface Row {
  order_id: number | null;
  created_at: string | Date | null;
  status: string | null;
  error_reason: string | null;
  error: string | null;
  items: { id: number; product: string }[] | null;
}

/**
 * Places and charges an agreement order in one statement (not inside a transaction: it is one).
 * `key-taken`: the user already has an order with this Idempotency-Key, also when a concurrent
 * request with the same key won (nothing was written; the caller answers the first order).
 */
export async function placeChargedOrder(db: Db, v: ChargedOrderValues): Promise<ChargedOrderResult> {
  const amount = formatCents(v.totalCents);
  const itemValues = sql.join(
    v.items.map((i) => sql`(${i.product}::text, ${i.months}::integer, ${formatCents(i.cents)}::numeric)`),
    sql`, `,
  );
  let result;
  try {
    result = await executeNamed(
      db,
      `charged-order-${v.items.length}`,
      sql`
    WITH fresh AS (
      SELECT NOT EXISTS (
        SELECT 1 FROM ${orders} WHERE ${orders.userId} = ${v.userId} AND ${orders.idempotencyKey} = ${v.idempotencyKey}
      ) AS is_fresh
    ), member AS (
      SELECT ${agreementUsers.id} AS id, ${agreementUsers.userLimit} AS user_limit, ${agreementUsers.spent} AS spent,
             (${agreementUsers.userLimit} IS NULL OR ${agreementUsers.spent} + ${amount}::numeric <= ${agreementUsers.userLimit}) AS fits
        FROM ${agreementUsers}
       WHERE ${agreementUsers.agreementId} = ${v.agreementId} AND ${agreementUsers.userId} = ${v.userId}
         AND (SELECT is_fresh FROM fresh)
         FOR UPDATE
    ), moved AS (
      UPDATE ${agreements} SET balance = ${agreements.balance} - ${amount}::numeric
       WHERE ${agreements.id} = ${v.agreementId}
         AND coalesce((SELECT fits FROM member), false)
         AND (${agreements.agreementLimit} IS NULL OR ${agreements.balance} - ${amount}::numeric >= -${agreements.agreementLimit})
       RETURNING ${agreements.id} AS id, ${agreements.balance} AS balance, ${agreements.agreementLimit} AS agreement_limit,
                 ${agreements.currency} AS currency
    ), user_moved AS (
      UPDATE ${agreementUsers} SET spent = ${agreementUsers.spent} + ${amount}::numeric
       WHERE ${agreementUsers.id} = (SELECT id FROM member) AND EXISTS (SELECT 1 FROM moved)
       RETURNING ${agreementUsers.id} AS id
    ), outcome AS (
      SELECT CASE WHEN EXISTS (SELECT 1 FROM moved) THEN 'new' ELSE 'error' END AS status,
             CASE WHEN EXISTS (SELECT 1 FROM moved) THEN NULL
                  WHEN coalesce((SELECT fits FROM member), false) THEN 'agreement_limit'
                  ELSE 'user_limit' END AS error_reason,
             CASE WHEN EXISTS (SELECT 1 FROM moved) THEN NULL
                  WHEN NOT EXISTS (SELECT 1 FROM member) THEN ${`This user is not on agreement ${v.agreementId}`}::text
                  WHEN (SELECT fits FROM member) THEN (
                    SELECT format('The agreement limit of %s %s would be exceeded (balance %s, order %s)',
                                  coalesce(a.agreement_limit, 0)::numeric(14, 2), a.currency, a.balance, ${amount}::text)
                      FROM ${agreements} a WHERE a.id = ${v.agreementId})
                  ELSE (SELECT format('The user limit of %s %s would be exceeded (spent %s, order %s)',
                                      coalesce(m.user_limit, 0)::numeric(14, 2), ${v.currency}::text, m.spent, ${amount}::text)
                          FROM member m) END AS error
    ), ship AS (
      UPDATE ${userInstallations} SET ship_name = ${v.newShipName}::text
       WHERE ${userInstallations.id} = ${v.installationId} AND ${v.newShipName}::text IS NOT NULL AND (SELECT is_fresh FROM fresh)
       RETURNING ${userInstallations.id}
    ), ord AS (
      INSERT INTO ${orders} (user_id, installation_id, agreement_id, distributor_id, payment_method, status, currency, price_total,
                             ship_name, device_id, application_type_id, error_reason, error, idempotency_key, request_hash)
      SELECT ${v.userId}::integer, ${v.installationId}::integer, ${v.agreementId}::integer, ${v.distributorId}::integer, 'agreement',
             outcome.status, ${v.currency}::text, ${amount}::numeric, ${v.shipName}::text, ${v.deviceId}::text,
             ${v.applicationTypeId}::integer, outcome.error_reason, outcome.error, ${v.idempotencyKey}::text, ${v.requestHash}::text
        FROM outcome
       WHERE (SELECT is_fresh FROM fresh)
      RETURNING id, created_at, status, error_reason, error, price_total
    ), items AS (
      INSERT INTO ${orderItems} (order_id, product, months, price)
      SELECT ord.id, i.product, i.months, i.price FROM ord, (VALUES ${itemValues}) AS i (product, months, price)
      RETURNING id, product
    ), ledger AS (
      INSERT INTO ${transactions} (agreement_id, user_id, installation_id, order_id, type, amount, balance, agreement_limit, user_limit, actor_user_id)
      SELECT moved.id, ${v.userId}::integer, ${v.installationId}::integer, ord.id, 'charge', -${amount}::numeric, moved.balance,
             moved.agreement_limit, (SELECT user_limit FROM member), ${v.userId}::integer
        FROM moved, ord
      RETURNING id
    ), audit_lock AS (
      SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY}) FROM ord
    ), audit AS (
      INSERT INTO ${auditLog} (actor_user_id, action, geocontent_id, subject, ip, created_at)
      SELECT ${v.userId}::integer, 'order.create', NULL::integer,
             jsonb_build_object('orderId', ord.id, 'agreementId', ${v.agreementId}::integer, 'paymentMethod', 'agreement',
                                'status', ord.status, 'priceTotal', ord.price_total::text, 'currency', ${v.currency}::text,
                                'errorReason', ord.error_reason, 'actorEmail', ${v.actorEmail}::text),
             ${v.ip}::text, clock_timestamp()
        FROM ord, audit_lock
      RETURNING id
    )
    SELECT ord.id AS order_id, ord.created_at, ord.status, ord.error_reason, ord.error,
           (SELECT json_agg(json_build_object('id', items.id, 'product', items.product)) FROM items) AS items,
           (SELECT count(*) FROM user_moved) + (SELECT count(*) FROM ship) + (SELECT count(*) FROM ledger)
             + (SELECT count(*) FROM audit) AS written
      FROM (SELECT 1) AS one LEFT JOIN ord ON true`,
    );
  } catch (err) {
    // A concurrent request with the same key committed first: this statement wrote nothing.
    if (isUniqueViolation(err, 'orders_user_key_unique')) return { kind: 'key-taken' };
    throw err;
  }
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  if (row.order_id === null) return { kind: 'key-taken' };
  return {
    kind: 'placed',
    orderId: Number(row.order_id),
    createdAt: new Date(row.created_at!),
    status: row.status as 'new' | 'error',
    errorReason: row.error_reason as OrderErrorReason | null,
    error: row.error,
    items: row.items ?? [],
  };
}

const dialect = new PgDialect();

/**
 * Runs the statement as a named prepared statement on PostgreSQL, so each pooled connection parses
 * and plans it once (planning this statement costs as much as running it); on PGlite as usual.
 * `name` must stand for one text: here the text depends only on the number of items.
 */
async function executeNamed(db: Db, name: string, statement: SQL): Promise<{ rows: unknown[] }> {
  // Drizzle keeps the driver it was given as `$client` (its documented way to reach the driver).
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    return client.query({ name, text: query.sql, values: query.params });
  }
  return (await db.execute(statement)) as unknown as { rows: unknown[] };
}

/** Whether a query failed on the named unique index (PostgreSQL 23505), also when Drizzle wrapped the error. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint || (e as Error).message?.includes(constraint) === true;
  }
  return false;
}
