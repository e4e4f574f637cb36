import type { Order, OrderItem, OrderWrapper } from '@chartroom/contracts/orders';
import {
  agreementAppIdOf,
  type Currency,
  type OrderErrorReason,
  type OrderStatus,
  type PaymentMethod,
  type RateProduct,
} from '@chartroom/contracts/constants';
import type { OrderItemRow, OrderRow } from '../../db/schema/index.js';
import { normalizeMoney } from '../../lib/money.js';
import type { OrderJoined } from './orders.repository.js';

function presentItem(i: OrderItemRow): OrderItem {
  return { id: i.id, product: i.product as RateProduct, duration: i.months, price: normalizeMoney(i.price)! };
}

/** Spec §3 Order. */
export function presentOrder(o: OrderRow, email: string, items: OrderItemRow[]): Order {
  return {
    id: o.id,
    user: { id: o.userId, email },
    device: {
      shipName: o.shipName,
      deviceId: o.deviceId,
      applicationTypeId: o.applicationTypeId,
      appId: agreementAppIdOf(o.applicationTypeId),
    },
    installationId: o.installationId,
    agreementId: o.agreementId,
    paymentMethod: o.paymentMethod as PaymentMethod,
    currency: o.currency as Currency,
    priceTotal: normalizeMoney(o.priceTotal)!,
    createdAt: o.createdAt.toISOString(),
    orderItems: items.filter((i) => i.orderId === o.id).map(presentItem),
    status: o.status as OrderStatus,
    errorReason: o.errorReason as OrderErrorReason | null,
    error: o.error,
  };
}

/** Spec §3 Order wrapper (the order manager's view). */
export function presentOrderWrapper(row: OrderJoined, items: OrderItemRow[]): OrderWrapper {
  const full = presentOrder(row.order, row.email, items);
  return {
    order: {
      id: full.id,
      createdAt: full.createdAt,
      user: full.user,
      orderItems: full.orderItems,
      paymentMethod: full.paymentMethod,
      currency: full.currency,
      priceTotal: full.priceTotal,
      status: full.status,
      errorReason: full.errorReason,
      error: full.error,
    },
    shipName: row.order.shipName,
    agreement:
      row.order.agreementId !== null && row.agreementName !== null
        ? { agreementId: row.order.agreementId, name: row.agreementName, distributorName: row.distributorName ?? '' }
        : null,
  };
}
