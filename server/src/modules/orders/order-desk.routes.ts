import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@chartroom/contracts/errors';
import {
  agreementOrdersQueryBody,
  approveOrderBody,
  cancelOrderBody,
  order,
  orderList,
  orderListBody,
  orderPage,
  orderQueryBody,
  processOrderQuery,
} from '@chartroom/contracts/orders';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import {
  approveOrder,
  cancelOrder,
  listAgreementOrders,
  processOrder,
  queryAgreementOrders,
  queryDeskOrders,
} from './order-desk.service.js';

const security = [{ bearer: [] }];
const tags = ['orders'];
const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** The order desk of spec §7: lists, process and cancel. */
export const orderDeskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const asDesk = app.requireRole('order-manager', 'distributor2');

  app.post(
    '/api/ordermanager/query',
    {
      onRequest: asDesk,
      schema: {
        tags,
        summary: 'Orders of your distributors, newest first, in pages of 40 (pageNumber from 0)',
        security,
        body: orderQueryBody,
        response: { 200: orderPage, ...errors },
      },
    },
    async (request) => queryDeskOrders({ db, actor: actorOf(request), input: request.body }),
  );

  app.post(
    '/api/agreement/order-list',
    {
      onRequest: app.requireRole('distributor2'),
      schema: {
        tags,
        summary: "Orders under your distributor's agreements",
        security,
        body: orderListBody,
        response: { 200: orderList, ...errors },
      },
    },
    async (request) => listAgreementOrders({ db, actor: actorOf(request), input: request.body }),
  );

  app.post(
    '/api/agreement/orders-query',
    {
      // The supervisor may hold only the user role: the agreement's row decides (404 otherwise).
      onRequest: app.requireRole('user', 'distributor2'),
      schema: {
        tags,
        summary: "One agreement's orders, newest first, in pages of 40, for its distributor's main user or its supervisor",
        description:
          "Takes the desk's filters; an agreement the caller neither manages nor supervises answers 404. The supervisor approves the `new` ones (`/api/agreement/approve-order`).",
        security,
        body: agreementOrdersQueryBody,
        response: { 200: orderPage, ...errors },
      },
    },
    async (request) => queryAgreementOrders({ db, actor: actorOf(request), input: request.body }),
  );

  app.get(
    '/api/agreement/process-order',
    {
      onRequest: asDesk,
      schema: {
        tags,
        summary: 'Process a new or owner-approved order: issues its licences → complete',
        security,
        querystring: processOrderQuery,
        response: { 200: order, ...errors },
      },
    },
    async (request) => processOrder({ db, actor: actorOf(request), orderId: request.query.orderId, ip: request.ip }),
  );

  app.post(
    '/api/agreement/cancel-order',
    {
      onRequest: asDesk,
      schema: {
        tags,
        summary: 'Cancel a new or owner-approved order, refunding its charge',
        security,
        body: cancelOrderBody,
        response: { 200: order, ...errors },
      },
    },
    async (request) => cancelOrder({ db, actor: actorOf(request), orderId: request.body.orderId, ip: request.ip }),
  );

  app.post(
    '/api/agreement/approve-order',
    {
      // The supervisor may hold only the user role: the agreement's row decides (404 otherwise).
      onRequest: app.requireRole('user'),
      schema: {
        tags,
        summary: "The owner's approval: the agreement's supervisor moves a new order to owner_approved",
        description:
          "Only the supervisor of the order's agreement may approve, and only a `new` order (409 `order_status` otherwise); the desk then processes or cancels it as it does a new one.",
        security,
        body: approveOrderBody,
        response: { 200: order, ...errors },
      },
    },
    async (request) => approveOrder({ db, actor: actorOf(request), orderId: request.body.orderId, ip: request.ip }),
  );
};
