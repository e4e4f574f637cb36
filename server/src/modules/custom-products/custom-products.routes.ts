import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCustomProductBody,
  customProduct,
  customProductItemParams,
  customProductParams,
  customProductUser,
  searchByEmailBody,
  userProductsParams,
} from '@chartroom/contracts/custom-products';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import {
  createCustomProduct,
  listUserProducts,
  listUsers,
  removeCustomProduct,
  removeCustomProductItem,
  searchUsersByEmail,
} from './custom-products.service.js';

const security = [{ bearer: [] }];
const tags = ['custom-products'];

export const customProductRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const asDistributor = app.requireRole('distributor');

  app.get(
    '/api/custom-products/users',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: "Users holding this distributor's custom products",
        security,
        response: { 200: z.array(customProductUser) },
      },
    },
    async (request) => listUsers({ db, actor: actorOf(request) }),
  );

  app.post(
    '/api/custom-products/search-by-email',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: "Find this distributor's custom-product users by e-mail",
        security,
        body: searchByEmailBody,
        response: { 200: z.array(customProductUser) },
      },
    },
    async (request) => searchUsersByEmail({ db, actor: actorOf(request), email: request.body.email }),
  );

  app.get(
    '/api/custom-products/user-products/:userId',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: "A user's custom products from this distributor",
        security,
        params: userProductsParams,
        response: { 200: z.array(customProduct), 404: errorBody },
      },
    },
    async (request) => listUserProducts({ db, actor: actorOf(request), userId: request.params.userId }),
  );

  app.post(
    '/api/custom-products',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: 'Create a custom product for an e-mail (an account is made when none exists)',
        security,
        body: createCustomProductBody,
        response: { 201: z.object({ user: customProductUser, product: customProduct }), 400: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCustomProduct({ db, actor: actorOf(request), input: request.body, publicUrl })),
  );

  app.delete(
    '/api/custom-products/:id',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: 'Delete a custom product',
        security,
        params: customProductParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await removeCustomProduct({ db, actor: actorOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/custom-products/:id/items/:itemId',
    {
      onRequest: asDistributor,
      schema: {
        tags,
        summary: 'Delete one item of a custom product',
        security,
        params: customProductItemParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await removeCustomProductItem({ db, actor: actorOf(request), id: request.params.id, itemId: request.params.itemId });
      return reply.status(204).send(null);
    },
  );
};
