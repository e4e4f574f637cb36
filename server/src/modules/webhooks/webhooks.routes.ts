import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookDelivery, webhookEndpoint, webhookEndpointBody, webhookParams } from '@chartroom/contracts/device-api';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { actorOf } from '../../plugins/auth.js';
import type { TargetPolicy } from './webhook-target.js';
import { listWebhookDeliveries, listWebhookEndpoints, registerWebhookEndpoint, removeWebhookEndpoint } from './webhooks.service.js';

const security = [{ bearer: [] }];
const tags = ['distributor webhooks'];

/** A distributor's webhook endpoints (cell updates of the devices under its licences) and their delivery log. */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Db; box: SecretBox; policy: TargetPolicy }> = async (app, { db, box, policy }) => {
  app.get(
    '/api/distributor/webhooks',
    {
      onRequest: app.requireRole('distributor'),
      schema: {
        tags,
        summary: "The distributor's webhook endpoints",
        security,
        response: { 200: z.array(webhookEndpoint), 404: errorBody },
      },
    },
    async (request) => listWebhookEndpoints({ db, actor: actorOf(request) }),
  );

  app.post(
    '/api/distributor/webhooks',
    {
      onRequest: app.requireRole('distributor'),
      schema: {
        tags,
        summary: 'Register a webhook endpoint: the answer shows its signing secret once',
        description:
          'Body `{"url":"https://agency.example/hooks/charts"}`. Each event is a CloudEvents 1.0 JSON (`type` "com.chartroom.cells.updated") POSTed with ' +
          '`X-Chartroom-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`; non-2xx answers are retried with exponential backoff (6 tries). ' +
          'The host must resolve to public addresses only (no private, loopback, link-local, CGNAT, multicast, documentation or IPv4-embedding IPv6 ranges: 400 naming `body.url`); ' +
          'each try resolves it once and connects to the address checked. Redirects are not followed.',
        security,
        body: webhookEndpointBody,
        response: { 201: webhookEndpoint, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await registerWebhookEndpoint({ db, box, actor: actorOf(request), url: request.body.url, policy, ip: request.ip })),
  );

  app.delete(
    '/api/distributor/webhooks/:id',
    {
      onRequest: app.requireRole('distributor'),
      schema: { tags, summary: 'Remove a webhook endpoint', security, params: webhookParams, response: { 204: z.null(), 404: errorBody } },
    },
    async (request, reply) => {
      await removeWebhookEndpoint({ db, actor: actorOf(request), id: request.params.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/distributor/webhooks/deliveries',
    {
      onRequest: app.requireRole('distributor'),
      schema: {
        tags,
        summary: 'The delivery log (newest first, 200 entries)',
        security,
        response: { 200: z.array(webhookDelivery), 404: errorBody },
      },
    },
    async (request) => listWebhookDeliveries({ db, actor: actorOf(request) }),
  );
};
