import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agreements, agreementUsers, transactions, type TransactionRow } from '../../db/schema/index.js';
import { formatCents, toCents } from '../../lib/money.js';

// The append-only ledger (decision 0011). The database decides: each move is a conditional UPDATE
// of the running total (which takes the row's lock, so concurrent moves queue there) and the row is
// appended in the same statement from what that UPDATE returned. Lock order is always the user's
// row, then the agreement's row, so a charge and a refund never wait on each other in a circle.
// Charges are made with their order in one statement: orders/charged-order.ts.

/** What a move appended: the row's id, amount and balance after it. */
export interface LedgerRowRef {
  id: number;
  amount: string;
  balance: string;
}

/** Adds `amount` to the agreement's balance and appends the ledger row, when the floor allows it. */
async function moveAgreementBalance(
  tx: DbOrTx,
  opts: {
    agreementId: number;
    amount: string;
    type: 'charge' | 'refund';
    userId: number | null;
    installationId: number | null;
    orderId: number;
    userLimit: string | null;
    actorUserId: number | null;
    checkFloor: boolean;
  },
): Promise<LedgerRowRef | undefined> {
  const floor = opts.checkFloor
    ? sql`AND (${agreements.agreementLimit} IS NULL OR ${agreements.balance} + ${opts.amount}::numeric >= -${agreements.agreementLimit})`
    : sql``;
  const result = await tx.execute(sql`
    WITH moved AS (
      UPDATE ${agreements} SET balance = ${agreements.balance} + ${opts.amount}::numeric
       WHERE ${agreements.id} = ${opts.agreementId} ${floor}
       RETURNING ${agreements.id} AS id, ${agreements.balance} AS balance, ${agreements.agreementLimit} AS agreement_limit
    )
    INSERT INTO ${transactions} (agreement_id, user_id, installation_id, order_id, type, amount, balance, agreement_limit, user_limit, actor_user_id)
    SELECT id, ${opts.userId}, ${opts.installationId}, ${opts.orderId}, ${opts.type}, ${opts.amount}::numeric, balance, agreement_limit, ${opts.userLimit}::numeric, ${opts.actorUserId}
      FROM moved
    RETURNING id, amount::text AS amount, balance::text AS balance`);
  return (result as unknown as { rows: LedgerRowRef[] }).rows[0];
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
  const row = await moveAgreementBalance(tx, {
    agreementId: charge.agreementId,
    amount: refund,
    type: 'refund',
    userId: charge.userId,
    installationId: charge.installationId,
    orderId: charge.orderId!,
    userLimit,
    actorUserId,
    checkFloor: false,
  });
  return row!;
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
  const result = await tx.execute(sql`
    WITH moved AS (
      UPDATE ${agreements} SET balance = ${agreements.balance} + ${amount}::numeric
       WHERE ${agreements.id} = ${opts.agreementId}
         AND ${agreements.balance} + ${amount}::numeric <= ${balanceCeiling}::numeric
         AND (${amount}::numeric >= 0 OR ${agreements.agreementLimit} IS NULL
              OR ${agreements.balance} + ${amount}::numeric >= -${agreements.agreementLimit})
       RETURNING ${agreements.id} AS id, ${agreements.balance} AS balance, ${agreements.agreementLimit} AS agreement_limit
    ), appended AS (
      INSERT INTO ${transactions} (agreement_id, type, amount, balance, agreement_limit, actor_user_id, reason, idempotency_key, request_hash)
      SELECT id, ${opts.type}, ${amount}::numeric, balance, agreement_limit, ${opts.actorUserId}, ${opts.reason}, ${opts.idempotencyKey}, ${opts.requestHash}
        FROM moved
      ON CONFLICT (agreement_id, idempotency_key) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT id FROM appended) AS id`);
  const row = (result as unknown as { rows: { moved: number | string; id: number | null }[] }).rows[0]!;
  if (Number(row.moved) === 0) return { kind: 'refused', bound: opts.cents < 0n ? 'floor' : 'ceiling' };
  if (row.id === null) return { kind: 'key-taken' };
  return { kind: 'posted', id: Number(row.id) };
}
