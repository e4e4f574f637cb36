import { processableOrderStatuses } from '@chartroom/contracts/constants';
import type { AgreementOrdersQueryBody, OrderPage, OrderQueryBody } from '@chartroom/contracts/orders';
import type { Db, Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { listDeskDistributorIds, listRunDistributorIds, readableAgreementById } from '../agreements/agreement-policy.js';
import { findAgreement, listLinkedProductIds } from '../agreements/agreements.repository.js';
import { findUserInstallation } from '../agreements/installations.repository.js';
import { refundCharge } from '../agreements/ledger.js';
import { insertInstallation } from '../devices/devices.repository.js';
import { addMonths } from '../../lib/dates.js';
import { insertLicense } from '../licenses/licenses.repository.js';
import { findUserById } from '../users/users.repository.js';
import { presentOrder, presentOrderWrapper } from './orders.presenter.js';
import {
  approveSupervisedOrder,
  countOrders,
  findDeskOrder,
  findOrderCharge,
  findSupervisedOrderStatus,
  listOrderItems,
  moveOrderStatus,
  orderPageWhere,
  selectOrders,
  type OrderScope,
} from './orders.repository.js';

// The order desk: the order manager's and distributor2's lists, and the two moves a person makes.

interface Ctx {
  db: Db;
  actor: Actor;
}

/** One page of the orders `scope` selects, with the desk's filters; newest first. */
async function loadPage(db: Db, scope: OrderScope, input: Partial<OrderQueryBody> & { pageSize: number; pageNumber: number }) {
  const where = orderPageWhere(scope, input);
  const rows = await selectOrders(db, where, { limit: input.pageSize + 1, offset: input.pageNumber * input.pageSize });
  const page = rows.slice(0, input.pageSize);
  const items = await listOrderItems(
    db,
    page.map((r) => r.order.id),
  );
  // The whole count only when there is more than this page (else it is known already).
  const hasMore = rows.length > input.pageSize;
  const total = hasMore ? await countOrders(db, where) : input.pageNumber * input.pageSize + page.length;
  return { rows: page, items, hasMore, total };
}

/** The orders of the given distributors; none when the list is empty. */
function loadDistributorsPage(db: Db, distributorIds: number[], input: Partial<OrderQueryBody> & { pageSize: number; pageNumber: number }) {
  if (distributorIds.length === 0) return Promise.resolve({ rows: [], items: [], hasMore: false, total: 0 });
  return loadPage(db, { distributorIds }, input);
}

/** `POST /api/ordermanager/query`: the desk's orders, newest first, in pages (pageNumber from 0). */
export async function queryDeskOrders({ db, actor, input }: Ctx & { input: OrderQueryBody }): Promise<OrderPage> {
  const { rows, items, hasMore, total } = await loadDistributorsPage(db, await listDeskDistributorIds(db, actor), input);
  return { orders: rows.map((r) => presentOrderWrapper(r, items)), pageNumber: input.pageNumber, pageSize: input.pageSize, hasMore, total };
}

/** `POST /api/agreement/order-list`: the orders under the agreements of the distributor the actor runs. */
export async function listAgreementOrders({ db, actor, input }: Ctx & { input: Partial<OrderQueryBody> }) {
  const pageSize = input.pageSize ?? 40;
  const { rows, items } = await loadDistributorsPage(db, await listRunDistributorIds(db, actor), {
    ...input,
    pageSize,
    pageNumber: input.pageNumber ?? 0,
  });
  return { orders: rows.map((r) => presentOrder(r.order, r.email, items)) };
}

/**
 * `POST /api/agreement/orders-query`: the orders of one agreement the actor may read (its distributor's
 * main user, or its supervisor, who approves them); 404 for any other agreement.
 */
export async function queryAgreementOrders({ db, actor, input }: Ctx & { input: AgreementOrdersQueryBody }): Promise<OrderPage> {
  if (!(await findAgreement(db, readableAgreementById(actor, input.agreementId)))) throw notFound('agreement');
  const { rows, items, hasMore, total } = await loadPage(db, { agreementId: input.agreementId }, input);
  return { orders: rows.map((r) => presentOrderWrapper(r, items)), pageNumber: input.pageNumber, pageSize: input.pageSize, hasMore, total };
}

/** 404 when the order is not the desk's; otherwise 409 naming the status it is in. */
async function refuseMove(db: Db, orderId: number, distributorIds: number[], verb: string): Promise<never> {
  const order = await findDeskOrder(db, orderId, distributorIds);
  if (!order) throw notFound('order');
  throw new AppError(
    'order_status',
    `Order ${orderId} is ${order.status.replaceAll('_', ' ')}: only new or owner approved orders can be ${verb}`,
  );
}

async function emailOf(db: Db | Tx, userId: number): Promise<string> {
  return (await findUserById(db, userId))?.email ?? '';
}

/** Issues a licence for every portal product of every item, each holding the order's installation. */
async function issueOrderLicenses(tx: Tx, order: OrderRow) {
  const installation = await findUserInstallation(tx, order.userId, order.installationId);
  if (!installation) throw notFound('installation', 'Installation of the order');
  const items = await listOrderItems(tx, [order.id]);
  const issued: number[] = [];
  for (const item of items) {
    const productIds = await listLinkedProductIds(tx, item.product);
    if (productIds.length === 0)
      throw new AppError('conflict', `No portal product stands for ${item.product} yet: link one before processing`);
    for (const productId of productIds) {
      const issuedAt = new Date();
      const license = await insertLicense(tx, {
        productId,
        userId: order.userId,
        issuedAt,
        expiresAt: addMonths(issuedAt, item.months),
        deviceCount: 1,
        price: null,
        issuerType: 'distributor',
        distributorId: order.distributorId,
      });
      await insertInstallation(tx, {
        licenseId: license.id,
        deviceId: installation.deviceId,
        platformId: installation.platformId,
        applicationTypeId: installation.applicationTypeId,
      });
      issued.push(license.id);
    }
  }
  return issued;
}

/** `GET /api/agreement/process-order`: new | owner_approved → complete, with the licences issued. */
export async function processOrder({ db, actor, orderId, ip }: Ctx & { orderId: number; ip: string | null }) {
  const distributorIds = await listDeskDistributorIds(db, actor);
  const order = await db.transaction(async (tx) => {
    const won = await moveOrderStatus(tx, { orderId, distributorIds, from: processableOrderStatuses, to: 'complete' });
    if (!won) return null;
    const licenseIds = await issueOrderLicenses(tx, won);
    await recordAudit(tx, { actor, action: 'order.process', geocontentId: null, subject: { orderId, licenseIds }, ip });
    return presentOrder(won, await emailOf(tx, won.userId), await listOrderItems(tx, [won.id]));
  });
  return order ?? refuseMove(db, orderId, distributorIds, 'processed');
}

/** `POST /api/agreement/cancel-order`: new | owner_approved → cancelled_by_distirbutor, refunding an agreement charge once. */
export async function cancelOrder({ db, actor, orderId, ip }: Ctx & { orderId: number; ip: string | null }) {
  const distributorIds = await listDeskDistributorIds(db, actor);
  const order = await db.transaction(async (tx) => {
    const won = await moveOrderStatus(tx, { orderId, distributorIds, from: processableOrderStatuses, to: 'cancelled_by_distirbutor' });
    if (!won) return null;
    const charge = await findOrderCharge(tx, won.id);
    if (charge) {
      const refund = await refundCharge(tx, charge, actor.id);
      await recordAudit(tx, {
        actor,
        action: 'ledger.refund',
        geocontentId: null,
        subject: { orderId, transactionId: refund.id, amount: refund.amount },
        ip,
      });
    }
    await recordAudit(tx, { actor, action: 'order.cancel', geocontentId: null, subject: { orderId }, ip });
    return presentOrder(won, await emailOf(tx, won.userId), await listOrderItems(tx, [won.id]));
  });
  return order ?? refuseMove(db, orderId, distributorIds, 'cancelled');
}

/**
 * `POST /api/agreement/approve-order`: the agreement's supervisor (the owner) approves a new order →
 * owner_approved, which the desk then processes or cancels like a new one. One conditional UPDATE
 * decides among concurrent calls; any other status is 409, an order not under an agreement the
 * actor supervises 404.
 */
export async function approveOrder({ db, actor, orderId, ip }: Ctx & { orderId: number; ip: string | null }) {
  const order = await db.transaction(async (tx) => {
    const won = await approveSupervisedOrder(tx, actor.id, orderId);
    if (!won) return null;
    await recordAudit(tx, {
      actor,
      action: 'order.owner-approve',
      geocontentId: null,
      subject: { orderId, agreementId: won.agreementId },
      ip,
    });
    return presentOrder(won, await emailOf(tx, won.userId), await listOrderItems(tx, [won.id]));
  });
  if (order) return order;
  const status = await findSupervisedOrderStatus(db, actor.id, orderId);
  if (status === undefined) throw notFound('order');
  throw new AppError('order_status', `Order ${orderId} is ${status.replaceAll('_', ' ')}: only new orders can be approved by the owner`);
}
