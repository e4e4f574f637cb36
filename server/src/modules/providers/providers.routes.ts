import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeocontentQuery, geocontentSummary, providerMe } from '@chartroom/contracts/providers';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { geocontentDetail, geocontentList, idParams } from '@chartroom/contracts/geocontents';
import { createGeocontent, getOwnGeocontent, getProviderMe, listOwnGeocontents } from './providers.service.js';

export const providerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/geocontent/create2',
    {
      // Any signed-in user may register as a provider; a provider adds geocontents.
      onRequest: app.requireRole('user', 'provider'),
      schema: {
        tags: ['provider'],
        summary: 'Register as a provider with a first geocontent, or add a geocontent',
        security: [{ bearer: [] }],
        querystring: createGeocontentQuery,
        response: { 200: geocontentSummary },
      },
    },
    async (request) => {
      const gc = await createGeocontent({ db, actor: actorOf(request), input: request.query });
      return { id: gc.id, title: gc.title, createdAt: gc.createdAt.toISOString() };
    },
  );

  app.get(
    '/providers/me',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: 'The provider with its geocontents',
        security: [{ bearer: [] }],
        response: { 200: providerMe },
      },
    },
    async (request) => getProviderMe({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/geocontent/',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: "The provider's geocontents with their products",
        security: [{ bearer: [] }],
        response: { 200: geocontentList },
      },
    },
    async (request) => listOwnGeocontents({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/geocontent/:id',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: 'One of the provider’s geocontents with its products',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: geocontentDetail },
      },
    },
    async (request) => getOwnGeocontent({ db, actor: actorOf(request), input: request.params }),
  );
};
