import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userInstallation } from '@chartroom/contracts/agreements';
import { agreementAppIdOf } from '@chartroom/contracts/constants';
import { errorBody } from '@chartroom/contracts/errors';
import { idempotencyHeaders } from '@chartroom/contracts/common';
import { createOrderBody, order, orderParams } from '@chartroom/contracts/orders';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { listUserInstallations, syncUserInstallations } from '../agreements/installations.repository.js';
import { createOrder, getOwnOrder, type PaymentSettings } from './orders.service.js';

const security = [{ bearer: [] }];
const tags = ['app'];

/** The device app's order calls, signed in as the device's user (versioned under /api/app/v1). */
export const appOrderRoutes: FastifyPluginAsyncZod<{ db: Db; payments: PaymentSettings }> = async (app, { db, payments }) => {
  const asUser = app.requireRole('user');

  app.get(
    '/api/app/v1/installations',
    {
      onRequest: asUser,
      schema: {
        tags,
        summary: "The signed-in user's installations (devices): the ids orders name",
        security,
        response: { 200: z.array(userInstallation) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await syncUserInstallations(db, actor.id);
      const rows = await listUserInstallations(db, actor.id);
      return rows.map((i) => ({
        id: i.id,
        appId: agreementAppIdOf(i.applicationTypeId),
        applicationTypeId: i.applicationTypeId,
        platformId: i.platformId,
        shipName: i.shipName,
        deviceCode: i.deviceId,
      }));
    },
  );

  app.post(
    '/api/app/v1/orders',
    {
      onRequest: asUser,
      // Per signed-in session, not per address: a fleet's ships may share one address.
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: (request) => request.headers.authorization ?? request.ip } },
      schema: {
        tags,
        summary: 'Place an order for an installation',
        description: [
          'Send a fresh `Idempotency-Key` (8–128 characters) per order and the same key on a retry: a retry returns the first order (200) and charges once; the same key with another body answers 409 `idempotency_key_reused`.',
          "`agreement`: priced from the agreement's net rates for the installation's application and charged at once: the order is `new`, or `error` with `errorReason` `agreement_limit` or `user_limit` when a limit would be exceeded.",
          "`trial`: free, at most one per user and product, at most one month. `stripe` and `yoomoney`: priced at the end-user rates; the order is `pre_order` until the provider's signed notification confirms the payment (then `new`).",
          'Without `agreementId`, the order goes under the one agreement the installation is on.',
        ].join('\n\n'),
        security,
        headers: idempotencyHeaders,
        body: createOrderBody,
        response: { 200: order, 201: order, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { order: created, replayed } = await createOrder({
        db,
        actor: actorOf(request),
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        ip: request.ip,
        payments,
      });
      return reply.status(replayed ? 200 : 201).send(created);
    },
  );

  app.get(
    '/api/app/v1/orders/:id',
    {
      onRequest: asUser,
      schema: {
        tags,
        summary: "One of the signed-in user's orders: the app polls a pre-order until it is paid",
        security,
        params: orderParams,
        response: { 200: order, 404: errorBody },
      },
    },
    async (request) => getOwnOrder({ db, actor: actorOf(request), orderId: request.params.id }),
  );
};
