import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gcidQuery, mapTask, mapTaskQuery } from '@chartroom/contracts/geocontents';
import { mapStatusView, mapTaskView } from '@chartroom/contracts/map';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import type { TileDeps } from '../tiles/tiles.service.js';
import { createMapTask, getMapStatus, getMapTask } from './geocontents.service.js';

export const geocontentRoutes: FastifyPluginAsyncZod<{ db: Db; tiles: TileDeps }> = async (app, { db, tiles }) => {
  const security = [{ bearer: [] }];

  app.get(
    '/api/geocontent/gotomap',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['geocontent'],
        summary: 'A task id for the map screen of a geocontent',
        security,
        querystring: gcidQuery,
        response: { 200: mapTask },
      },
    },
    async (request) => createMapTask({ db, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/geocontent/maptask',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['geocontent'],
        summary: 'The geocontent a map task id stands for',
        security,
        querystring: mapTaskQuery,
        response: { 200: mapTaskView },
      },
    },
    async (request) => getMapTask({ deps: tiles, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/geocontent/map-status',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['geocontent'],
        summary: "How far the map of a geocontent's charts is prepared",
        description:
          'Cells (S-57, S-101) and S-102 grids of the current collection; `pending` are queued or being prepared, `failed` gave up ' +
          '(their tiles are still made on demand). `ready` is true when every one is prepared (none pending, none failed).',
        security,
        querystring: gcidQuery,
        response: { 200: mapStatusView },
      },
    },
    async (request) => getMapStatus({ db, actor: actorOf(request), input: request.query }),
  );
};
