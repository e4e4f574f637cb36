import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gcidQuery, idParams } from '@chartroom/contracts/geocontents';
import { addNtmFields, ntmItem, ntmList } from '@chartroom/contracts/ntm';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { presignedDownload } from '../../storage/presigned-download.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { addNtm, listNtmsOfGeocontent, removeNtm, requireOwnedNtm } from './ntm.service.js';
import { mediaAnswer, multipartForm } from '../../plugins/openapi.js';

export const ntmRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const security = [{ bearer: [] }];
  const asProvider = app.requireRole('provider');

  app.post(
    '/api/ntm',
    {
      onRequest: asProvider,
      schema: {
        tags: ['ntm'],
        summary: 'Upload an NTM PDF (multipart: file, gcid, optional description)',
        security,
        multipart: multipartForm({
          file: { kind: 'file', description: 'The NTM (a PDF)' },
          gcid: { kind: 'integer', description: 'The geocontent the NTM belongs to' },
          description: { kind: 'text', description: 'What the notice is about', required: false },
        }),
        response: { 200: ntmItem },
      },
    },
    async (request) => {
      const upload = await receiveUpload(request, app.blobs, {
        prefix: 'ntm',
        maxFileBytes: app.config.MAX_UPLOAD_BYTES,
        maxFiles: 1,
        fileFields: ['file'],
        schema: addNtmFields,
      });
      return addNtm({ db, blobs: app.blobs, actor: actorOf(request), upload, ip: request.ip });
    },
  );

  app.get(
    '/api/ntm/GetNtms4GC',
    {
      onRequest: asProvider,
      schema: { tags: ['ntm'], summary: 'The NTMs of a geocontent', security, querystring: gcidQuery, response: { 200: ntmList } },
    },
    async (request) => listNtmsOfGeocontent({ db, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/ntm/:id',
    {
      onRequest: asProvider,
      schema: {
        tags: ['ntm'],
        summary: 'The NTM PDF itself',
        security,
        params: idParams,
        response: { 200: mediaAnswer('application/pdf', 'The PDF', { binary: true }) },
      },
    },
    async (request, reply) => {
      const row = await requireOwnedNtm({ db, actor: actorOf(request), input: request.params });
      const url = await presignedDownload(app.blobs, app.config, row.blobKey, {
        fileName: `${row.id}.pdf`,
        contentType: 'application/pdf',
      });
      if (url) return reply.header('cache-control', 'no-store').redirect(url);
      reply.header('content-type', 'application/pdf');
      reply.header('content-length', String(row.size));
      reply.header('content-disposition', `inline; filename="${row.id}.pdf"`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(await app.blobs.get(row.blobKey));
    },
  );

  app.delete(
    '/api/ntm/:id',
    {
      onRequest: asProvider,
      schema: { tags: ['ntm'], summary: 'Remove an NTM', security, params: idParams, response: { 200: z.literal(1) } },
    },
    async (request) => {
      await removeNtm({ db, blobs: app.blobs, actor: actorOf(request), input: request.params, ip: request.ip });
      return 1 as const;
    },
  );
};
