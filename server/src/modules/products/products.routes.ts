import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@chartroom/contracts/errors';
import { product, saveProductBody } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { saveProduct } from './products.service.js';

export const productRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/providers/AddUpdateProduct',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: 'Create, update, disable or enable the product of one licence type of a geocontent',
        security: [{ bearer: [] }],
        body: saveProductBody,
        response: { 200: product, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => saveProduct({ db, actor: actorOf(request), input: request.body, ip: request.ip }),
  );
};
