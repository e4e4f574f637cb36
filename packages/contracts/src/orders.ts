import { z } from 'zod';
import { idParam, idValue, text } from './common.js';
import { moneyString } from './agreements.js';
import { currencies, limits, orderApplicationIds, orderErrorReasons, orderStatuses, paymentMethods, rateProducts } from './constants.js';

// Orders: the app's order call, the order desk (order manager and distributor2) and payment webhooks.

export const orderStatus = z.enum(orderStatuses);
export const paymentMethod = z.enum(paymentMethods);

/**
 * `POST /api/app/v1/orders`: sent by a device's app, signed in as its user or with its device token,
 * with an Idempotency-Key. The device is named by one of two ids (decision "one installation id"):
 * `deviceInstallationId`, the `installationId` a redeem returned (also in entitlements, the licence
 * file, webhooks and `installationIds` of GET /api/app/v1/installations), or `installationId`, the
 * `id` of a row of GET /api/app/v1/installations (the account's device record, as before). With a
 * device token, neither: its own device.
 */
export const createOrderBody = z
  .object({
    installationId: idValue.optional(),
    deviceInstallationId: idValue.optional(),
    paymentMethod,
    agreementId: idValue.optional(),
    shipName: text(200).optional(),
    /**
     * The application ordering: a spec id (0, 1, 2, 10, 11) or an activation type (101, 102, 105). It must
     * be the installation's own application; an installation activated without one is priced under it.
     */
    applicationTypeId: z
      .number()
      .int()
      .refine((v) => (orderApplicationIds as readonly number[]).includes(v), { message: `one of ${orderApplicationIds.join(', ')}` })
      .optional(),
    items: z
      .array(
        z.object({
          product: z.enum(rateProducts),
          months: z.number().int().min(1, 'at least 1 month').max(limits.orderMonthsMax, `at most ${limits.orderMonthsMax} months`),
        }),
      )
      .min(1, 'at least one item')
      .max(limits.orderItemsMax),
  })
  .superRefine((v, ctx) => {
    if (v.installationId !== undefined && v.deviceInstallationId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['deviceInstallationId'],
        message: 'name the device once: installationId or deviceInstallationId',
      });
    const seen = new Set<string>();
    v.items.forEach((item, i) => {
      if (seen.has(item.product)) ctx.addIssue({ code: 'custom', path: ['items', i, 'product'], message: 'each product once per order' });
      seen.add(item.product);
      if (v.paymentMethod === 'trial' && item.months > limits.trialMonthsMax) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'months'], message: `a trial lasts at most ${limits.trialMonthsMax} month` });
      }
    });
  });
export type CreateOrderBody = z.infer<typeof createOrderBody>;
/** The order as the service places it: the device resolved to its record (`installationId`). */
export type ResolvedOrderBody = Omit<CreateOrderBody, 'installationId' | 'deviceInstallationId'> & { installationId: number };

export const orderItem = z.object({
  id: z.number().int(),
  product: z.enum(rateProducts),
  /** Duration in months. */
  duration: z.number().int(),
  price: moneyString,
});
export type OrderItem = z.infer<typeof orderItem>;

/** Spec §3 Order, plus what the app and the desk need (payment method, currency, the error reason). */
export const order = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string() }),
  device: z.object({
    shipName: z.string().nullable(),
    deviceId: z.string(),
    applicationTypeId: z.number().int().nullable(),
    /** The spec's application id (0 mKart, 1 NjordPilot, 2 Vega, 10 dKart, 11 ECDIS) of `applicationTypeId`; null when none maps. */
    appId: z.number().int().nullable(),
  }),
  installationId: z.number().int(),
  agreementId: z.number().int().nullable(),
  paymentMethod,
  currency: z.enum(currencies),
  priceTotal: moneyString,
  createdAt: z.string(),
  orderItems: z.array(orderItem),
  status: orderStatus,
  /** For `error`: which limit the order would have broken. */
  errorReason: z.enum(orderErrorReasons).nullable(),
  error: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/** Spec §3 Order wrapper (the order manager's view). */
export const orderWrapper = z.object({
  order: z.object({
    id: z.number().int(),
    createdAt: z.string(),
    user: z.object({ id: z.number().int(), email: z.string() }),
    orderItems: z.array(orderItem),
    paymentMethod,
    currency: z.enum(currencies),
    priceTotal: moneyString,
    status: orderStatus,
    errorReason: z.enum(orderErrorReasons).nullable(),
    error: z.string().nullable(),
  }),
  shipName: z.string().nullable(),
  agreement: z.object({ agreementId: z.number().int(), name: z.string(), distributorName: z.string() }).nullable(),
});
export type OrderWrapper = z.infer<typeof orderWrapper>;

/** `POST /api/ordermanager/query`: pages of 40, newest first, with the screen's filters. */
export const orderQueryBody = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(limits.orderPageSize),
  // At most ten million pages: past that the offset and the total would not be exact numbers.
  pageNumber: z.coerce.number().int().min(0).max(10_000_000).default(0),
  userEmail: text(320).nullable().optional(),
  agreementId: idParam.nullable().optional(),
  status: orderStatus.nullable().optional(),
  paymentMethod: paymentMethod.nullable().optional(),
  orderId: idParam.nullable().optional(),
});
export type OrderQueryBody = z.infer<typeof orderQueryBody>;
export const orderPage = z.object({
  orders: z.array(orderWrapper),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** How many orders the filters select in all (the list shows "40 of 57"). */
  total: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPage>;

/** `POST /api/agreement/order-list {}`: the orders under the caller's agreements (spec §3 Order). */
export const orderListBody = orderQueryBody.partial();

/**
 * `POST /api/agreement/orders-query`: one agreement's orders, in pages like the desk's, for whoever may
 * read the agreement (its distributor's main user or its supervisor, decision 0011).
 */
export const agreementOrdersQueryBody = orderQueryBody.extend({ agreementId: idParam });
export type AgreementOrdersQueryBody = z.infer<typeof agreementOrdersQueryBody>;
export const orderList = z.object({ orders: z.array(order) });

export const orderParams = z.object({ id: idParam });
export const processOrderQuery = z.object({ orderId: idParam });
export const cancelOrderBody = z.object({ orderId: idParam });
export const approveOrderBody = z.object({ orderId: idParam });

/** Answer of a webhook the portal accepted (also for an event it has nothing to do with). */
export const webhookResult = z.object({ received: z.boolean(), orderId: z.number().int().nullable(), status: orderStatus.nullable() });
