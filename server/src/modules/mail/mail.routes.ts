import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxList } from '@chartroom/contracts/auth';
import { text } from '@chartroom/contracts/common';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { listOutboxMessages } from './mail.repository.js';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds when it passes a request on: their presence says the client is not on this machine. */
const forwardingHeaders = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-original-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
];

/**
 * The development outbox: without SMTP every message stays in the database and this call shows it,
 * so someone trying the portal on their own machine can read the password they were sent. It holds
 * passwords, so it answers only a client on this machine (the socket's own address, never a
 * forwarded one: behind a proxy every client would look local) or an admin, and does not exist
 * once SMTP_URL is configured. A request that carries a proxy's forwarding headers while
 * TRUST_PROXY is not set is refused outright: a proxy on the same machine connects from loopback,
 * and the portal has not been told how to read who is behind it.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; isSmtp: boolean; trustProxy: boolean }> = async (
  app,
  { db, isSmtp, trustProxy },
) => {
  const adminOnly = app.requireRole('admin');
  async function allowOutbox(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (isSmtp) throw new AppError('not_found', 'Mail is delivered by SMTP: there is no outbox');
    if (!trustProxy && forwardingHeaders.some((name) => request.headers[name] !== undefined)) {
      throw new AppError('forbidden', 'The outbox is not served through a proxy unless TRUST_PROXY is set');
    }
    const isLocal = !trustProxy && loopbackAddresses.has(request.socket.remoteAddress ?? '');
    if (!isLocal) await adminOnly.call(app, request, reply);
  }

  app.get(
    '/api/dev/outbox',
    {
      onRequest: allowOutbox,
      schema: {
        tags: ['demo'],
        summary: 'Development outbox (without SMTP_URL; to clients on this machine or admins)',
        // Clients on this machine need no token; others sign in as an admin.
        security: [{}, { bearer: [] }],
        querystring: z.object({ email: text(254).toLowerCase().optional() }),
        response: { 200: outboxList, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const email = request.query.email;
      const rows = await listOutboxMessages(db, email, 50);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
