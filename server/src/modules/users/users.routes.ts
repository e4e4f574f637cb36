import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setCurrentGcQuery, setLocaleBody, userProfile } from '@chartroom/contracts/users';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { chooseCurrentGeocontent, getProfile, setLocale } from './users.service.js';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/users/getprofile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile and licences",
        security: [{ bearer: [] }],
        response: { 200: userProfile },
      },
    },
    async (request) => getProfile({ db, actor: actorOf(request) }),
  );

  app.post(
    '/users/locale',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The language of the signed-in user's mail",
        security: [{ bearer: [] }],
        body: setLocaleBody,
        response: { 200: setLocaleBody },
      },
    },
    async (request) => setLocale({ db, actor: actorOf(request), locale: request.body.locale }),
  );

  app.get(
    '/api/users/setCurrentGC',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['users'],
        summary: 'Remember the geocontent the provider works on',
        security: [{ bearer: [] }],
        querystring: setCurrentGcQuery,
        response: { 200: z.object({ currentGcId: z.number().int() }) },
      },
    },
    async (request) => chooseCurrentGeocontent({ db, actor: actorOf(request), input: request.query }),
  );
};
