import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gcidQuery, mapTask, mapTaskDetail, mapTaskQuery } from '@chartroom/contracts/geocontents';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { createMapTask, getMapTask } from './geocontents.service.js';

export const geocontentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const security = [{ bearer: [] }];

  app.get(
    '/api/geocontent/gotomap',
    {
      onRequest: app.requireRole('provider'),
      schema: { tags: ['geocontent'], summary: 'A task id for the map screen of a geocontent', security, querystring: gcidQuery, response: { 200: mapTask } },
    },
    async (request) => createMapTask({ db, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/geocontent/maptask',
    {
      onRequest: app.requireRole('provider'),
      schema: { tags: ['geocontent'], summary: 'The geocontent a map task id stands for', security, querystring: mapTaskQuery, response: { 200: mapTaskDetail } },
    },
    async (request) => getMapTask({ db, actor: actorOf(request), input: request.query }),
  );
};
