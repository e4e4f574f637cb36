import { errorBody } from '@chartroom/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDistributorQuery, distributorMe } from '@chartroom/contracts/providers';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { createDistributor, getDistributorMe } from './distributors.service.js';

export const distributorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/distributors/create',
    {
      onRequest: app.requireRole('user', 'distributor'),
      schema: {
        tags: ['distributor'],
        summary: 'Register as a distributor',
        security: [{ bearer: [] }],
        querystring: createDistributorQuery,
        response: { 200: distributorMe, 409: errorBody },
      },
    },
    async (request) => createDistributor({ db, actor: actorOf(request), input: { title: request.query.title } }),
  );

  app.get(
    '/api/distributors/me',
    {
      onRequest: app.requireRole('distributor'),
      schema: { tags: ['distributor'], summary: 'The distributor', security: [{ bearer: [] }], response: { 200: distributorMe } },
    },
    async (request) => getDistributorMe({ db, actor: actorOf(request) }),
  );
};
