import { rateApplicationOfAppType, type OrderErrorReason, type OrderStatus } from '@chartroom/contracts/constants';
import type { ResolvedOrderBody, Order } from '@chartroom/contracts/orders';
import type { Db } from '../../db/client.js';
import type { AgreementRateRow, AgreementRow, OrderRow, UserInstallationRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { answerOnce, KeyTaken, replayOr, requestHash, type KeyedRequest } from '../../lib/idempotency.js';
import { formatCents, toCents } from '../../lib/money.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findOrderContext, loadOrderContext } from '../agreements/agreements.repository.js';
import { setInstallationShipName, syncUserInstallations } from '../agreements/installations.repository.js';
import { chargeOrder } from '../agreements/ledger.js';
import { presentOrder } from './orders.presenter.js';
import { claimTrial, findOrderByKey, findUserOrder, insertOrderItems, insertOrderOnce, listOrderItems } from './orders.repository.js';

/** Which card providers this portal has secrets for (an order by an unconfigured one is refused). */
export interface PaymentSettings {
  stripe: boolean;
  yoomoney: boolean;
}

interface CreateOrderOptions {
  db: Db;
  actor: Actor;
  input: ResolvedOrderBody;
  idempotencyKey: string;
  ip: string | null;
  payments: PaymentSettings;
}

function hashRequest(input: ResolvedOrderBody): string {
  return requestHash({
    installationId: input.installationId,
    paymentMethod: input.paymentMethod,
    agreementId: input.agreementId ?? null,
    shipName: input.shipName ?? null,
    items: input.items.map((i) => ({ product: i.product, months: i.months })),
  });
}

/** The user's order placed with this key, answered as it was placed. */
function keyedOrder(db: Db, actor: Actor, key: string, hash: string): KeyedRequest<Order> {
  return {
    hash,
    reusedMessage: 'This Idempotency-Key was already used with a different order: use a new key for a new order',
    async findEarlier() {
      const existing = await findOrderByKey(db, actor.id, key);
      return (
        existing && {
          requestHash: existing.requestHash,
          answer: async () => presentOrder(existing, actor.email, await listOrderItems(db, [existing.id])),
        }
      );
    },
  };
}

async function requireOrderContext(db: Db, userId: number, installationId: number, agreementId: number | undefined) {
  // Read together with the other orders in flight (one query per batch).
  let found = await loadOrderContext(db, userId, installationId, agreementId);
  if (!found) {
    await syncUserInstallations(db, userId);
    found = await findOrderContext(db, userId, installationId, agreementId);
  }
  if (!found) throw notFound('installation');
  return found;
}

/** The agreement the order goes under: the one named, or the only one the installation is on. */
function resolveAgreementId(ids: number[], named: number | undefined): number {
  if (named !== undefined) {
    if (!ids.includes(named)) throw notFound('agreement', 'Agreement of this installation');
    return named;
  }
  if (ids.length === 1) return ids[0]!;
  if (ids.length === 0) throw new AppError('bad_request', 'This installation is on no agreement: ask your distributor to add it');
  throw new AppError('bad_request', `This installation is on several agreements (${ids.join(', ')}): name the agreementId`);
}

/**
 * The rate application the order is priced under: the installation's own. An order may name its
 * application (`applicationTypeId`, a spec id 0/1/2/10/11 or an activation type 101/102/105); it must be
 * the same application, and it supplies one for an installation activated without any.
 */
function applicationOf(installation: UserInstallationRow, named: number | undefined) {
  const own = installation.applicationTypeId === null ? undefined : rateApplicationOfAppType[installation.applicationTypeId];
  const asked = named === undefined ? undefined : rateApplicationOfAppType[named];
  if (own && asked && own !== asked) {
    const message = `applicationTypeId ${named} (${asked}) is not the application of installation ${installation.id} (${own})`;
    throw new AppError('validation', message, [{ path: 'body.applicationTypeId', message }]);
  }
  const application = own ?? asked;
  if (!application)
    throw new AppError(
      'bad_request',
      `Installation ${installation.id} has no application that agreements price (application type ${installation.applicationTypeId ?? 'none'})`,
    );
  return application;
}

/** Prices each item from the agreement's rates: `net` for agreement charges, `endUser` for card payments, 0 for a trial. */
function priceItems(agreement: AgreementRow, rates: AgreementRateRow[], application: string, input: ResolvedOrderBody) {
  return input.items.map((item) => {
    if (input.paymentMethod === 'trial') return { ...item, cents: 0n };
    const rate = rates.find((r) => r.product === item.product && r.currency === agreement.currency);
    const unit = input.paymentMethod === 'agreement' ? rate?.net : rate?.endUser;
    if (unit === null || unit === undefined) {
      throw new AppError(
        'bad_request',
        `Agreement ${agreement.id} has no ${input.paymentMethod === 'agreement' ? 'net' : 'end-user'} rate for ${item.product} on ${application} in ${agreement.currency}`,
      );
    }
    return { ...item, cents: toCents(unit) * BigInt(item.months) };
  });
}

function isExpired(agreement: AgreementRow): boolean {
  return agreement.validTill < new Date().toISOString().slice(0, 10);
}

/** Everything an order needs that is read, not written: the installation, its agreement, the prices. */
async function prepareOrder({ db, actor, input, payments }: CreateOrderOptions) {
  if (input.paymentMethod === 'stripe' && !payments.stripe)
    throw new AppError('payments_not_configured', 'Card payments by Stripe are not configured on this portal', {
      params: { method: 'Stripe' },
    });
  if (input.paymentMethod === 'yoomoney' && !payments.yoomoney)
    throw new AppError('payments_not_configured', 'YooMoney payments are not configured on this portal', {
      params: { method: 'YooMoney' },
    });
  // One query: the installation, its agreements (only the one named, when it names one) and their rates.
  const { installation, agreements } = await requireOrderContext(db, actor.id, input.installationId, input.agreementId);
  const agreementId = resolveAgreementId([...agreements.keys()], input.agreementId);
  const application = applicationOf(installation, input.applicationTypeId);
  const agreement = agreements.get(agreementId)!;
  const found = { agreement: agreement.agreement, rates: agreement.rates.filter((r) => r.application === application) };
  if (input.paymentMethod === 'yoomoney' && found.agreement.currency !== 'RUB')
    throw new AppError('bad_request', 'YooMoney takes payments in RUB only');
  // Priced at the rates read now: a rate changed meanwhile applies to the next order.
  // The order records the application it was priced under: the installation's, or the one it named.
  const applicationTypeId = installation.applicationTypeId ?? input.applicationTypeId ?? null;
  return {
    installation: { ...installation, applicationTypeId },
    agreement: found.agreement,
    items: priceItems(found.agreement, found.rates, application, input),
  };
}

/**
 * `POST /api/app/v1/orders`. The charge is decided by conditional UPDATEs of the user's and the
 * agreement's running totals (ledger.ts), so the limits hold against the last balance whatever runs
 * beside it; the (user, Idempotency-Key) unique index makes a retry return the first order.
 * Returns the order and whether it is a replay.
 */
export async function createOrder(opts: CreateOrderOptions): Promise<{ order: Order; replayed: boolean }> {
  const { db, actor, input, idempotencyKey } = opts;
  const hash = hashRequest(input);
  const { value, replayed } = await answerOnce(keyedOrder(db, actor, idempotencyKey, hash), async () => {
    let prepared;
    try {
      prepared = await prepareOrder(opts);
    } catch (err) {
      // A retry of an order placed earlier is answered with that order, whatever has changed since.
      throw replayOr(err);
    }
    const { installation, agreement, items } = prepared;
    const totalCents = items.reduce((sum, i) => sum + i.cents, 0n);
    const expired = isExpired(agreement);
    // The hot path (an agreement order to charge) is one statement of the ledger; the rest below.
    if (input.paymentMethod === 'agreement' && !expired && totalCents > 0n) {
      const order = await placeAgreementOrder(opts, prepared, hash, totalCents);
      if (order) return order;
      throw new KeyTaken();
    }
    return db.transaction(async (tx) => {
      const status: OrderStatus = expired
        ? 'error'
        : input.paymentMethod === 'stripe' || input.paymentMethod === 'yoomoney'
          ? 'pre_order'
          : 'new';
      const refusal: { reason: OrderErrorReason; message: string } | null = expired
        ? { reason: 'agreement_expired', message: `Agreement ${agreement.id} ended on ${agreement.validTill}` }
        : null;
      const order = await insertOrderOnce(tx, {
        userId: actor.id,
        installationId: installation.id,
        agreementId: agreement.id,
        distributorId: agreement.distributorId,
        paymentMethod: input.paymentMethod,
        status,
        currency: agreement.currency,
        priceTotal: formatCents(totalCents),
        shipName: input.shipName ?? installation.shipName,
        deviceId: installation.deviceId,
        applicationTypeId: installation.applicationTypeId,
        errorReason: refusal?.reason ?? null,
        error: refusal?.message ?? null,
        idempotencyKey,
        requestHash: hash,
      });
      if (!order) throw new KeyTaken();
      const itemRows = await insertOrderItems(
        tx,
        items.map((i) => ({ orderId: order.id, product: i.product, months: i.months, price: formatCents(i.cents) })),
      );

      if (input.paymentMethod === 'trial' && status !== 'error') {
        for (const item of input.items) {
          if (!(await claimTrial(tx, { userId: actor.id, product: item.product, orderId: order.id })))
            throw new AppError('trial_used', `The trial of ${item.product} was already used by this user`, {
              params: { product: item.product },
            });
        }
      }
      if (input.shipName && input.shipName !== installation.shipName) await setInstallationShipName(tx, installation.id, input.shipName);
      await recordAudit(tx, {
        actor,
        action: 'order.create',
        geocontentId: null,
        subject: {
          orderId: order.id,
          agreementId: agreement.id,
          paymentMethod: order.paymentMethod,
          status,
          priceTotal: order.priceTotal,
          currency: order.currency,
          errorReason: refusal?.reason ?? null,
        },
        ip: opts.ip,
      });
      return presentOrder(
        { ...order, status, errorReason: refusal?.reason ?? null, error: refusal?.message ?? null },
        actor.email,
        itemRows,
      );
    });
  });
  return { order: value, replayed };
}

/** An agreement order charged in one statement (`chargeOrder`, agreements/ledger.ts); null when the key was already used. */
async function placeAgreementOrder(
  { db, actor, input, idempotencyKey, ip }: CreateOrderOptions,
  { installation, agreement, items }: Awaited<ReturnType<typeof prepareOrder>>,
  hash: string,
  totalCents: bigint,
): Promise<Order | null> {
  const shipName = input.shipName ?? installation.shipName;
  const placed = await chargeOrder(db, {
    userId: actor.id,
    actorEmail: actor.email,
    installationId: installation.id,
    agreementId: agreement.id,
    distributorId: agreement.distributorId,
    currency: agreement.currency,
    totalCents,
    shipName,
    newShipName: input.shipName && input.shipName !== installation.shipName ? input.shipName : null,
    deviceId: installation.deviceId,
    applicationTypeId: installation.applicationTypeId,
    idempotencyKey,
    requestHash: hash,
    items,
    ip,
  });
  if (placed.kind === 'key-taken') return null;
  const row: OrderRow = {
    id: placed.orderId,
    userId: actor.id,
    installationId: installation.id,
    agreementId: agreement.id,
    distributorId: agreement.distributorId,
    paymentMethod: 'agreement',
    status: placed.status,
    currency: agreement.currency,
    priceTotal: formatCents(totalCents),
    shipName,
    deviceId: installation.deviceId,
    applicationTypeId: installation.applicationTypeId,
    errorReason: placed.errorReason,
    error: placed.error,
    idempotencyKey,
    requestHash: hash,
    createdAt: placed.createdAt,
    updatedAt: placed.createdAt,
  };
  const itemRows = items.map((item) => ({
    id: placed.items.find((i) => i.product === item.product)!.id,
    orderId: placed.orderId,
    product: item.product,
    months: item.months,
    price: formatCents(item.cents),
  }));
  return presentOrder(row, actor.email, itemRows);
}

/** `GET /api/app/v1/orders/{id}`: the user's own order; anyone else's is 404. */
export async function getOwnOrder({ db, actor, orderId }: { db: Db; actor: Actor; orderId: number }): Promise<Order> {
  const row = await findUserOrder(db, actor.id, orderId);
  if (!row) throw notFound('order');
  return presentOrder(row, actor.email, await listOrderItems(db, [row.id]));
}
