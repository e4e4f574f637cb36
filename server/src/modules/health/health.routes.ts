import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@chartroom/contracts/errors';
import { healthResult, readyResult } from '@chartroom/contracts/health';
import type { Database } from '../../db/client.js';
import { pingDatabase } from '../../db/ping.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['ops'], summary: 'The process is up', response: { 200: healthResult } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/ready',
    { logLevel: 'warn', schema: { tags: ['ops'], summary: 'The database answers', response: { 200: readyResult, 503: errorBody } } },
    async (_request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ready' as const, database: database.kind };
      } catch {
        return reply.status(503).send({ message: 'The database does not answer', code: 'internal' as const });
      }
    },
  );
};
