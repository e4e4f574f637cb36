import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userInstallation } from '@chartroom/contracts/agreements';
import { agreementAppIdOf } from '@chartroom/contracts/constants';
import { errorBody } from '@chartroom/contracts/errors';
import { idempotencyHeaders } from '@chartroom/contracts/common';
import { createOrderBody, order, orderParams } from '@chartroom/contracts/orders';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { listInstallationIdsByDevice, listUserInstallations, syncUserInstallations } from '../agreements/installations.repository.js';
import { deviceOrUser, ownOrderFor, requestDevice, resolveOrderInstallation } from './order-device.js';
import { createOrder, getOwnOrder, type PaymentSettings } from './orders.service.js';

/** The installation list and orders take the device's own token too (issue 35). */
const userOrDevice: Record<string, string[]>[] = [{ bearer: [] }, { deviceToken: [] }];
const tags = ['app'];

/** The device app's order calls, signed in as the device's user or with its device token (versioned under /api/app/v1). */
export const appOrderRoutes: FastifyPluginAsyncZod<{ db: Db; payments: PaymentSettings }> = async (app, { db, payments }) => {
  const asDeviceOrUser = deviceOrUser(app, db);

  app.get(
    '/api/app/v1/installations',
    {
      onRequest: asDeviceOrUser,
      schema: {
        tags,
        summary: "The signed-in user's devices (with a device token: that device alone), each with its installation ids",
        description:
          "`id` is the account's record of the device (agreements and transactions name it; orders take it as `installationId`); " +
          '`installationIds` are the ids redeem, entitlements, the licence file and webhooks call `installationId` (one per licence slot the device holds; ' +
          'orders take one as `deviceInstallationId`). A device activated but never redeemed is listed until its code expires. ' +
          'Example: `[{"id":3,"installationIds":[17],"appId":0,"applicationTypeId":101,"platformId":1,"shipName":null,"deviceCode":"SHIP-1"}]`.',
        security: userOrDevice,
        response: { 200: z.array(userInstallation), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const device = requestDevice(request);
      await syncUserInstallations(db, actor.id);
      const all = await listUserInstallations(db, actor.id);
      const rows = device ? all.filter((i) => i.deviceId === device.registration.deviceId) : all;
      const ids = await listInstallationIdsByDevice(
        db,
        actor.id,
        rows.map((i) => i.deviceId),
      );
      return rows.map((i) => ({
        id: i.id,
        installationIds: ids.get(i.deviceId) ?? [],
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
      onRequest: asDeviceOrUser,
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
          'The device: `deviceInstallationId`, the `installationId` redeem gave (also in entitlements, the licence file, webhooks, and `installationIds` of GET /api/app/v1/installations), ' +
            "or `installationId`, the `id` of GET /api/app/v1/installations (the account's device record, as before); not both (400). " +
            "With the device's token (`Bearer crd_…`) instead of the user's, the app orders for its own device: name it or neither; another device answers 403.",
        ].join('\n\n'),
        security: userOrDevice,
        headers: idempotencyHeaders,
        body: createOrderBody,
        response: { 200: order, 201: order, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { deviceInstallationId: _named, ...body } = request.body;
      const installationId = await resolveOrderInstallation(db, actor, requestDevice(request), request.body);
      const { order: created, replayed } = await createOrder({
        db,
        actor,
        input: { ...body, installationId },
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
      onRequest: asDeviceOrUser,
      schema: {
        tags,
        summary:
          "One of the signed-in user's orders (with a device token: one of that device's): the app polls a pre-order until it is paid",
        security: userOrDevice,
        params: orderParams,
        response: { 200: order, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ownOrderFor(requestDevice(request), await getOwnOrder({ db, actor: actorOf(request), orderId: request.params.id })),
  );
};
