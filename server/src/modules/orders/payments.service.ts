import type { OrderStatus } from '@chartroom/contracts/constants';
import type { Db } from '../../db/client.js';
import { toCents } from '../../lib/money.js';
import { recordAudit } from '../audit/audit.repository.js';
import { lockOrderPaidBy, recordPaymentEvent, setOrderStatus } from './orders.repository.js';

export interface PaymentConfirmation {
  provider: 'stripe' | 'yoomoney';
  /** The provider's id of this event: a redelivery of it changes nothing. */
  eventId: string;
  orderId: number;
  amountCents: bigint;
  currency: string;
  /**
   * False when the money has not reached the account yet (a held or protected transfer): the event
   * is still recorded, so a replay of it with the flag flipped is a redelivery that changes nothing.
   */
  credited?: boolean;
  ip: string | null;
}

/**
 * A signed notification said the order is paid: pre_order → new, once, and only when the amount and
 * currency are the order's. Answers what happened; the provider gets 200 either way so it stops retrying.
 */
export async function confirmPayment(db: Db, p: PaymentConfirmation) {
  return db.transaction(async (tx) => {
    const fresh = await recordPaymentEvent(tx, { provider: p.provider, eventId: p.eventId, orderId: p.orderId });
    const order = await lockOrderPaidBy(tx, p.orderId, p.provider);
    if (!order) return { received: true, orderId: null, status: null as OrderStatus | null };
    if (!fresh) return { received: true, orderId: order.id, status: order.status as OrderStatus };
    const matches = toCents(order.priceTotal) === p.amountCents && order.currency === p.currency.toUpperCase();
    const credited = p.credited ?? true;
    if (order.status !== 'pre_order' || !matches || !credited) {
      await recordAudit(tx, {
        actor: null,
        action: 'order.payment-ignored',
        geocontentId: null,
        subject: { orderId: order.id, provider: p.provider, eventId: p.eventId, status: order.status, amountMatches: matches, credited },
        ip: p.ip,
      });
      return { received: true, orderId: order.id, status: order.status as OrderStatus };
    }
    await setOrderStatus(tx, order.id, 'new');
    await recordAudit(tx, {
      actor: null,
      action: 'order.paid',
      geocontentId: null,
      subject: { orderId: order.id, provider: p.provider, eventId: p.eventId, priceTotal: order.priceTotal },
      ip: p.ip,
    });
    return { received: true, orderId: order.id, status: 'new' as OrderStatus };
  });
}
