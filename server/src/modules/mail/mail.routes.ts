import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxList } from '@chartroom/contracts/auth';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * The demo outbox: without SMTP every message stays in the database and this page shows it, so a
 * new user can read the password they were sent. It does not exist once SMTP_URL is configured.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; isSmtp: boolean }> = async (app, { db, isSmtp }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo outbox (only without SMTP_URL)',
        querystring: z.object({ email: z.string().trim().toLowerCase().max(254).optional() }),
        response: { 200: outboxList },
      },
    },
    async (request) => {
      if (isSmtp) throw new AppError('not_found', 'Mail is delivered by SMTP: there is no outbox page');
      const email = request.query.email;
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(email ? eq(mailOutbox.to, email) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(50);
      return { messages: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, createdAt: r.createdAt.toISOString() })) };
    },
  );
};
