import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setCurrentGcQuery, userProfile, type UserLicense } from '@chartroom/contracts/users';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { findUserById, setCurrentGeocontent } from './users.repository.js';

/** Licences of a user, supplied by the licensing module once it exists. */
export type LicenseLister = (db: Db, userId: number) => Promise<UserLicense[]>;

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; listLicenses: LicenseLister }> = async (app, { db, listLicenses }) => {
  app.get(
    '/users/getprofile',
    {
      onRequest: app.authenticate,
      schema: { tags: ['users'], summary: "The signed-in user's profile and licences", security: [{ bearer: [] }], response: { 200: userProfile } },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findUserById(db, actor.id);
      if (!row) throw new AppError('unauthorized', 'Sign in to continue');
      return { id: row.id, email: row.email, currentGcId: row.currentGcId, licenses: await listLicenses(db, row.id) };
    },
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
    async (request) => {
      const actor = actorOf(request);
      if (request.query.userid !== undefined && request.query.userid !== actor.id) {
        throw new AppError('forbidden', 'You can only change your own current geocontent');
      }
      const gc = await requireOwnedGeocontent(db, actor, request.query.gcid);
      await setCurrentGeocontent(db, actor.id, gc.id);
      return { currentGcId: gc.id };
    },
  );
};
