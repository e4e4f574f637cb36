import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry, gcidQuery } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { listGeocontentAudit } from './audit.service.js';

/** The provider reads who did what to its geocontent's licences, permits and products. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/providers/audit',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: "The audit log of a geocontent's licence, permit and product actions (newest first)",
        security: [{ bearer: [] }],
        querystring: gcidQuery.extend({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(auditEntry) },
      },
    },
    async (request) => listGeocontentAudit({ db, actor: actorOf(request), input: request.query }),
  );
};
