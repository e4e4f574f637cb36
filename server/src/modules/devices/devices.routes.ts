import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { attachInstallationBody, installation, installationParams, licenseParams } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { attachInstallation, detachInstallation } from './devices.service.js';

/** What an app calls when it installs a licence's data on a device, and what frees the slot again. */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; detachPerMinute: number }> = async (app, { db, detachPerMinute }) => {
  app.post(
    '/api/licenses/:id/installations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['devices'],
        summary: "Attach a device to the signed-in user's licence (409 when all its devices are in use)",
        security: [{ bearer: [] }],
        params: licenseParams,
        body: attachInstallationBody,
        response: { 200: installation, 201: installation, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const result = await attachInstallation({
        db,
        actor: actorOf(request),
        licenseId: request.params.id,
        input: request.body,
        ip: request.ip,
      });
      return reply.status(result.created ? 201 : 200).send(result.installation);
    },
  );

  app.delete(
    '/api/licenses/:id/installations/:installationId',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: detachPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['devices'],
        summary: "Detach a device from the signed-in user's licence, freeing its slot",
        security: [{ bearer: [] }],
        params: installationParams,
        response: { 204: z.null(), 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { id, installationId } = request.params;
      await detachInstallation({ db, actor: actorOf(request), licenseId: id, installationId, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
