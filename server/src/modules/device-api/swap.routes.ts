import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { swapResult } from '@chartroom/contracts/device-api';
import { errorBody } from '@chartroom/contracts/errors';
import { installationParams } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { swapInstallation, type SwapLimits } from './swap.service.js';

/** The cabinet's "replace device": the old device is revoked and its slot free at once. */
export const cabinetSwapRoutes: FastifyPluginAsyncZod<{ db: Db; limits: SwapLimits }> = async (app, { db, limits }) => {
  app.post(
    '/api/licenses/:id/installations/:installationId/swap',
    {
      onRequest: app.requireRole('user'),
      schema: {
        tags: ['devices'],
        summary:
          "Replace a device of the signed-in user's licence: its token is revoked and the slot freed (limited per licence and period)",
        description: 'Example answer: `{"revokedInstallationIds":[7],"swapsLeft":2}`; 409 when the swaps of the period are used up.',
        security: [{ bearer: [] }],
        params: installationParams,
        response: { 200: swapResult, 404: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      swapInstallation({
        db,
        actor: actorOf(request),
        licenseId: request.params.id,
        installationId: request.params.installationId,
        limits,
        ip: request.ip,
      }),
  );
};
