import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDistributorQuery, distributorMe } from '@chartroom/contracts/providers';
import type { Db } from '../../db/client.js';
import { distributors } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { grantRole } from '../users/users.repository.js';

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
        response: { 200: distributorMe },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(distributors)
          .values({ title: request.query.title, mainUserId: actor.id })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('conflict', 'You are already registered as a distributor');
        await grantRole(tx, actor.id, 'distributor');
        return created;
      });
      return { id: row.id, title: row.title, mainUser: { email: actor.email } };
    },
  );

  app.get(
    '/api/distributors/me',
    {
      onRequest: app.requireRole('distributor'),
      schema: { tags: ['distributor'], summary: 'The distributor', security: [{ bearer: [] }], response: { 200: distributorMe } },
    },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await db.select().from(distributors).where(eq(distributors.mainUserId, actor.id));
      if (!row) throw new AppError('not_found', 'You have no distributor yet: register as a distributor first');
      return { id: row.id, title: row.title, mainUser: { email: actor.email } };
    },
  );
};
