import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderErrorReason } from '@chartroom/contracts/constants';
import type { Db, DbOrTx } from '../../db/client.js';
import { executeNamed, isUniqueViolation } from '../../db/prepared.js';
import {
  agreements,
  agreementUsers,
  orderItems,
  orders,
  transactions,
  userInstallations,
  type TransactionRow,
} from '../../db/schema/index.js';
import { formatCents, toCents } from '../../lib/money.js';
import { auditLockSql, auditRowInsertSql } from '../audit/audit.repository.js';

// The append-only ledger (decision 0011): every move of money is written here. The database
// decides: each move is a conditional UPDATE of the running total (which takes the row's lock, so
// concurrent moves queue there) and the row is appended in the same statement from what that
// UPDATE returned. Lock order is always the user's row, then the agreement's row, so a charge and a
// refund never wait on each other in a circle.
//
// The three moves share their parts: `balanceMoveSql` (the UPDATE, a CTE named `moved`),
// `floorHoldsSql` (the agreement limit) and `ledgerRowSql` (the row appended from `moved`); the
// charge adds the audit row from the audit repository's parts (`auditLockSql`, `auditRowInsertSql`).

/** What a move appended: the row's id, amount and balance after it. */
export interface LedgerRowRef {
  id: number;
  amount: string;
  balance: string;
}

/**
 * The balance move, as the body of a CTE that must be named `moved`: adds `amount` (signed) to the
 * agreement's balance when every condition holds; returns its id, new balance and limit.
 */
function balanceMoveSql(agreementId: number, amount: string, conditions: SQL[]): SQL {
  const where = [sql`${agreements.id} = ${agreementId}`, ...conditions];
  return sql`UPDATE ${agreements} SET balance = ${agreements.balance} + ${amount}::numeric
       WHERE ${sql.join(where, sql` AND `)}
       RETURNING ${agreements.id} AS id, ${agreements.balance} AS balance, ${agreements.agreementLimit} AS agreement_limit`;
}

/** A move of `amount` keeps the balance at or above minus the agreement limit (none: no floor). */
function floorHoldsSql(amount: string): SQL {
  return sql`(${agreements.agreementLimit} IS NULL OR ${agreements.balance} + ${amount}::numeric >= -${agreements.agreementLimit})`;
}

interface LedgerRowValues {
  type: 'charge' | 'refund' | 'top-up' | 'adjustment';
  amount: string;
  userId?: number | null;
  installationId?: number | null;
  /** The order's id: a value, or a column of `from` (`ord.id`). */
  orderId?: SQL;
  /** The user's limit when the move was made: a value or a subquery. */
  userLimit?: SQL;
  actorUserId: number | null;
  reason?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/** The ledger row's INSERT, from the `moved` CTE (`balanceMoveSql`) and whatever else `from` names. */
function ledgerRowSql(row: LedgerRowValues, from: SQL = sql`moved`): SQL {
  return sql`INSERT INTO ${transactions} (agreement_id, user_id, installation_id, order_id, type, amount, balance, agreement_limit,
                                  user_limit, actor_user_id, reason, idempotency_key, request_hash)
      SELECT moved.id, ${row.userId ?? null}::integer, ${row.installationId ?? null}::integer, ${row.orderId ?? sql`NULL`}::integer,
             ${row.type}::text, ${row.amount}::numeric, moved.balance, moved.agreement_limit, ${row.userLimit ?? sql`NULL`}::numeric,
             ${row.actorUserId}::integer, ${row.reason ?? null}::text, ${row.idempotencyKey ?? null}::text, ${row.requestHash ?? null}::text
        FROM ${from}`;
}

/** Refunds an order's charge row: the user's total down, the balance up, one refund row (unique per order). */
export async function refundCharge(tx: DbOrTx, charge: TransactionRow, actorUserId: number | null): Promise<LedgerRowRef> {
  const refund = formatCents(-toCents(charge.amount));
  let userLimit: string | null = null;
  if (charge.userId !== null) {
    const [user] = await tx
      .update(agreementUsers)
      .set({ spent: sql`${agreementUsers.spent} - ${refund}::numeric` })
      .where(and(eq(agreementUsers.agreementId, charge.agreementId), eq(agreementUsers.userId, charge.userId)))
      .returning();
    userLimit = user?.userLimit ?? null;
  }
  const result = await tx.execute(sql`
    WITH moved AS (${balanceMoveSql(charge.agreementId, refund, [])})
    ${ledgerRowSql({
      type: 'refund',
      amount: refund,
      userId: charge.userId,
      installationId: charge.installationId,
      orderId: sql`${charge.orderId}`,
      userLimit: sql`${userLimit}`,
      actorUserId,
    })}
    RETURNING id, amount::text AS amount, balance::text AS balance`);
  return (result as unknown as { rows: LedgerRowRef[] }).rows[0]!;
}

/** The largest balance the `numeric(14,2)` column holds. */
const balanceCeiling = '999999999999.99';

export type BalanceEntryResult = { kind: 'posted'; id: number } | { kind: 'refused'; bound: 'floor' | 'ceiling' } | { kind: 'key-taken' };

/**
 * A top-up or an adjustment: one statement moves the balance (taking the agreement's row lock, the
 * only lock it takes, so it keeps the charge path's order) and appends the row that explains it. A
 * lowering move is refused below minus the agreement limit, any move above what the column holds.
 * `key-taken`: this agreement already has a row with the Idempotency-Key; the caller must roll back
 * (the balance moved in this transaction) and answer the first row.
 */
export async function postBalanceEntry(
  tx: DbOrTx,
  opts: {
    agreementId: number;
    type: 'top-up' | 'adjustment';
    cents: bigint;
    reason: string | null;
    idempotencyKey: string;
    requestHash: string;
    actorUserId: number;
  },
): Promise<BalanceEntryResult> {
  const amount = formatCents(opts.cents);
  const conditions = [sql`${agreements.balance} + ${amount}::numeric <= ${balanceCeiling}::numeric`];
  if (opts.cents < 0n) conditions.push(floorHoldsSql(amount));
  const result = await tx.execute(sql`
    WITH moved AS (${balanceMoveSql(opts.agreementId, amount, conditions)}),
    appended AS (
      ${ledgerRowSql({
        type: opts.type,
        amount,
        actorUserId: opts.actorUserId,
        reason: opts.reason,
        idempotencyKey: opts.idempotencyKey,
        requestHash: opts.requestHash,
      })}
      ON CONFLICT (agreement_id, idempotency_key) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT id FROM appended) AS id`);
  const row = (result as unknown as { rows: { moved: number | string; id: number | null }[] }).rows[0]!;
  if (Number(row.moved) === 0) return { kind: 'refused', bound: opts.cents < 0n ? 'floor' : 'ceiling' };
  if (row.id === null) return { kind: 'key-taken' };
  return { kind: 'posted', id: Number(row.id) };
}

export interface OrderChargeValues {
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

export type OrderChargeResult =
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

interface OrderChargeRow {
  order_id: number | null;
  created_at: string | Date | null;
  status: string | null;
  error_reason: string | null;
  error: string | null;
  items: { id: number; product: string }[] | null;
}

/**
 * Places and charges an agreement order in one statement (decision 0011, "one statement per
 * order"), run on its own (autocommit, not inside a transaction: it is one). The user's row is
 * locked (FOR UPDATE returns its newest version after any wait), the agreement's balance moves
 * only if both the agreement's floor and the user's limit allow it, then the user's total, the
 * order with its items, the ledger row and the audit entry are written. All or nothing, so no row
 * lock is held across a round trip to Node.
 *
 * Order of the parts: a CTE that reads another's rows runs after it, so the user's row is locked
 * before the agreement's (the lock order of every ledger move), the order's status follows the
 * charge, and the audit row's id is drawn after the audit lock. `key-taken`: the user already has
 * an order with this Idempotency-Key (a retry writes nothing: `fresh`), also when a concurrent
 * request with the same key won (it fails on the (user, key) unique index and rolls back whole).
 */
export async function chargeOrder(db: Db, v: OrderChargeValues): Promise<OrderChargeResult> {
  const amount = formatCents(v.totalCents);
  const charge = formatCents(-v.totalCents);
  const itemValues = sql.join(
    v.items.map((i) => sql`(${i.product}::text, ${i.months}::integer, ${formatCents(i.cents)}::numeric)`),
    sql`, `,
  );
  const memberFits = sql`coalesce((SELECT fits FROM member), false)`;
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
    ), moved AS (${balanceMoveSql(v.agreementId, charge, [memberFits, floorHoldsSql(charge)])}
    ), user_moved AS (
      UPDATE ${agreementUsers} SET spent = ${agreementUsers.spent} + ${amount}::numeric
       WHERE ${agreementUsers.id} = (SELECT id FROM member) AND EXISTS (SELECT 1 FROM moved)
       RETURNING ${agreementUsers.id} AS id
    ), outcome AS (
      SELECT CASE WHEN EXISTS (SELECT 1 FROM moved) THEN 'new' ELSE 'error' END AS status,
             CASE WHEN EXISTS (SELECT 1 FROM moved) THEN NULL
                  WHEN ${memberFits} THEN 'agreement_limit'
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
      ${ledgerRowSql(
        {
          type: 'charge',
          amount: charge,
          userId: v.userId,
          installationId: v.installationId,
          orderId: sql`ord.id`,
          userLimit: sql`(SELECT user_limit FROM member)`,
          actorUserId: v.userId,
        },
        sql`moved, ord`,
      )}
      RETURNING id
    ), audit_lock AS (
      ${auditLockSql()} FROM ord
    ), audit AS (
      ${auditRowInsertSql(
        {
          actorUserId: sql`${v.userId}::integer`,
          action: 'order.create',
          geocontentId: sql`NULL::integer`,
          subject: sql`jsonb_build_object('orderId', ord.id, 'agreementId', ${v.agreementId}::integer, 'paymentMethod', 'agreement',
                                'status', ord.status, 'priceTotal', ord.price_total::text, 'currency', ${v.currency}::text,
                                'errorReason', ord.error_reason, 'actorEmail', ${v.actorEmail}::text)`,
          ip: v.ip,
        },
        sql`ord, audit_lock`,
      )}
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
  const row = (result as unknown as { rows: OrderChargeRow[] }).rows[0]!;
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
