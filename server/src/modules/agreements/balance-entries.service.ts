import type { AdjustBody, TopUpBody, Transaction } from '@chartroom/contracts/agreements';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { answerOnce, KeyTaken, replayOr, requestHash, type KeyedRequest } from '../../lib/idempotency.js';
import { formatCents, toCents } from '../../lib/money.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { agreementById, managedAgreementById } from './agreement-policy.js';
import { findAgreement, findTransaction, findTransactionByKey } from './agreements.repository.js';
import { presentTransaction } from './agreements.presenter.js';
import { postBalanceEntry } from './ledger.js';

// Top-ups and adjustments (decision 0011): the agreement's distributor moves the balance with a row
// that says why, once per Idempotency-Key.

interface EntryOptions {
  db: Db;
  actor: Actor;
  ip: string | null;
  idempotencyKey: string;
}

type EntryInput = { type: 'top-up'; input: TopUpBody } | { type: 'adjustment'; input: AdjustBody };

function hashEntry({ type, input }: EntryInput): string {
  return requestHash({ type, agreementId: input.agreementId, amount: formatCents(toCents(input.amount)), reason: input.reason ?? null });
}

/** The agreement's row posted with this key, answered as it was posted. */
function keyedEntry(db: DbOrTx, agreementId: number, key: string, hash: string): KeyedRequest<Transaction> {
  return {
    hash,
    reusedMessage: 'This Idempotency-Key was already used for a different top-up or adjustment of this agreement: use a new key',
    async findEarlier() {
      const row = await findTransactionByKey(db, agreementId, key);
      return row && { requestHash: row.requestHash, answer: () => presentTransaction(row) };
    },
  };
}

async function refusal(db: Db, agreementId: number, bound: 'floor' | 'ceiling', amount: string): Promise<AppError> {
  const agreement = await findAgreement(db, agreementById(agreementId));
  const balance = formatCents(toCents(agreement?.balance ?? '0'));
  const currency = agreement?.currency ?? '';
  if (bound === 'ceiling')
    return new AppError('agreement_limit', `The balance of ${balance} ${currency} cannot be raised by ${amount}: it would grow too large`);
  const limit = formatCents(toCents(agreement?.agreementLimit ?? '0'));
  return new AppError(
    'agreement_limit',
    `This adjustment would take the balance from ${balance} to ${formatCents(toCents(balance) + toCents(amount))} ${currency}, below minus the agreement limit of ${limit} ${currency}`,
  );
}

/**
 * Posts a top-up or an adjustment; returns the ledger row and whether it was posted earlier with the
 * same key. Only the agreement's distributor may (another's agreement is 404).
 */
async function postEntry(opts: EntryOptions, entry: EntryInput): Promise<{ transaction: Transaction; replayed: boolean }> {
  const { db, actor, ip, idempotencyKey } = opts;
  const { agreementId } = entry.input;
  const hash = hashEntry(entry);
  const cents = toCents(entry.input.amount);
  const amount = formatCents(cents);
  const { value, replayed } = await answerOnce(keyedEntry(db, agreementId, idempotencyKey, hash), async () => {
    const posted = await db.transaction(async (tx) => {
      const managed = await findAgreement(tx, managedAgreementById(actor, agreementId));
      if (!managed) throw notFound('agreement');
      const result = await postBalanceEntry(tx, {
        agreementId,
        type: entry.type,
        cents,
        reason: entry.input.reason ?? null,
        idempotencyKey,
        requestHash: hash,
        actorUserId: actor.id,
      });
      if (result.kind === 'key-taken') throw new KeyTaken();
      if (result.kind === 'refused') return result;
      await recordAudit(tx, {
        actor,
        action: entry.type === 'top-up' ? 'ledger.top-up' : 'ledger.adjustment',
        geocontentId: null,
        subject: { agreementId, transactionId: result.id, amount, reason: entry.input.reason ?? null },
        ip,
      });
      return result;
    });
    // A retry of an entry posted earlier is answered with it, whatever the balance is now.
    if (posted.kind === 'refused') throw replayOr(await refusal(db, agreementId, posted.bound, amount));
    const row = await findTransaction(db, posted.id);
    return presentTransaction(row!);
  });
  return { transaction: value, replayed };
}

/** `POST /api/agreement/top-up`: raises the balance by a positive amount. */
export function topUpAgreement(opts: EntryOptions & { input: TopUpBody }) {
  return postEntry(opts, { type: 'top-up', input: opts.input });
}

/** `POST /api/agreement/adjust`: moves the balance by a signed amount, never below minus the agreement limit. */
export function adjustAgreement(opts: EntryOptions & { input: AdjustBody }) {
  return postEntry(opts, { type: 'adjustment', input: opts.input });
}
