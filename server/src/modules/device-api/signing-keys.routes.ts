import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signingKeyList, signingKeyRotation } from '@chartroom/contracts/device-api';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { actorOf } from '../../plugins/auth.js';
import { listSigningKeys, rotateSigningKey } from './license-file.service.js';

const tags = ['licence signing keys'];

/**
 * The portal operator's view of the keys offline licence files are signed with, and their rotation:
 * the key in use retires (published in the JWKS until its files' time-to-live has passed) and a new
 * one signs from the next request on, in every process.
 */
export const signingKeyRoutes: FastifyPluginAsyncZod<{ db: Db; box: SecretBox; ttlSeconds: number }> = async (
  app,
  { db, box, ttlSeconds },
) => {
  const adminOnly = app.requireRole('admin');

  app.get(
    '/api/admin/license-keys',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'The licence-file signing keys: the one in use, retired ones and when they leave the JWKS',
        response: { 200: signingKeyList, 401: errorBody, 403: errorBody },
      },
    },
    async () => listSigningKeys(db),
  );

  app.post(
    '/api/admin/license-keys/rotate',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Start signing licence files with a new key; the old one stays published until its files expire',
        description: 'No body. Example answer: `{"kid":"ed25519-2026-11-23-1a2b3c4d","retired":["ed25519-2026-10-01-9f8e7d6c"]}`.',
        response: { 200: signingKeyRotation, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => rotateSigningKey({ db, box, ttlSeconds, audit: { actor: actorOf(request), ip: request.ip } }),
  );
};
