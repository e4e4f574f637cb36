import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentGcidQuery, idParams, one } from '@chartroom/contracts/geocontents';
import { navMessage, navMessageLimits, navMessageList, postNavMessageFields } from '@chartroom/contracts/nav-messages';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { gcidOrCurrent } from '../providers/providers.service.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { listNavMessagesOfGeocontent, postNavMessage, removeNavMessage, requireVisibleImage } from './nav-messages.service.js';
import { mediaAnswer, multipartForm } from '../../plugins/openapi.js';

export const navMessageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const security = [{ bearer: [] }];
  const tags = ['navigation messages'];

  app.post(
    '/api/navmessages',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A device sends a navigation message (multipart: gcid, text, lat, lng, images)',
        security,
        multipart: multipartForm({
          gcid: { kind: 'integer', description: 'The geocontent the message is about' },
          text: { kind: 'text', description: 'The message' },
          lat: { kind: 'number', description: 'Latitude, WGS 84 degrees' },
          lng: { kind: 'number', description: 'Longitude, WGS 84 degrees' },
          images: { kind: 'files', description: 'Photos (PNG or JPEG)', required: false },
        }),
        response: { 200: navMessage },
      },
    },
    async (request) => {
      const upload = await receiveUpload(request, app.blobs, {
        prefix: 'navmessages',
        // The smaller limit wins, so a huge "image" is cut off while it streams.
        maxFileBytes: Math.min(app.config.MAX_UPLOAD_BYTES, navMessageLimits.maxImageBytes + 1),
        maxFiles: navMessageLimits.maxImages,
        fileFields: ['images'],
        schema: postNavMessageFields,
      });
      return postNavMessage({ db, blobs: app.blobs, actor: actorOf(request), upload, ip: request.ip });
    },
  );

  app.get(
    '/api/navmessages',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags,
        summary: 'The navigation messages of a geocontent (gcid by default the current geocontent)',
        security,
        querystring: currentGcidQuery,
        response: { 200: navMessageList },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return listNavMessagesOfGeocontent({ db, actor, input: { gcid: gcidOrCurrent(actor, request.query.gcid) } });
    },
  );

  app.delete(
    '/api/navmessages/:id',
    {
      onRequest: app.requireRole('provider'),
      schema: { tags, summary: 'Remove a navigation message', security, params: idParams, response: { 200: one } },
    },
    async (request) => {
      await removeNavMessage({ db, blobs: app.blobs, actor: actorOf(request), input: request.params, ip: request.ip });
      return 1 as const;
    },
  );

  app.get(
    '/api/navmessages/images/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'An image of a navigation message',
        security,
        params: idParams,
        response: { 200: mediaAnswer('image/*', 'The image as sent (PNG, JPEG, …; `Content-Type` says which)', { binary: true }) },
      },
    },
    async (request, reply) => {
      const image = await requireVisibleImage({ db, actor: actorOf(request), input: request.params });
      reply.header('content-type', image.mimetype);
      reply.header('content-length', String(image.size));
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(await app.blobs.get(image.blobKey));
    },
  );
};
