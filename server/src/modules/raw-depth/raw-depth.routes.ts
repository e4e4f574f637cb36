import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geoContentIdQuery, idParams, one } from '@chartroom/contracts/geocontents';
import { addRawFields, rawDepth, rawDepthList, rdidQuery } from '@chartroom/contracts/raw-depth';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { presignedDownload } from '../../storage/presigned-download.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { addRawDepth, listRawDepthsOfGeocontent, publishRawDepth, removeRawDepth, requireOwnedRawDepthFile } from './raw-depth.service.js';
import { mediaAnswer, multipartForm } from '../../plugins/openapi.js';

export const rawDepthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const security = [{ bearer: [] }];
  const asProvider = app.requireRole('provider');
  const tags = ['raw depth'];

  app.post(
    '/api/geocontent/addraw',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'Upload a raw depth file (multipart: file, gcid, optional descr)',
        security,
        multipart: multipartForm({
          file: { kind: 'file', description: 'The raw depth file (e.g. XYZ soundings)' },
          gcid: { kind: 'integer', description: 'The geocontent the file belongs to' },
          descr: { kind: 'text', description: 'A description', required: false },
        }),
        response: { 200: rawDepth },
      },
    },
    async (request) => {
      const upload = await receiveUpload(request, app.blobs, {
        prefix: 'raw',
        maxFileBytes: app.config.MAX_UPLOAD_BYTES,
        maxFiles: 1,
        fileFields: ['file'],
        schema: addRawFields,
      });
      return addRawDepth({ db, blobs: app.blobs, actor: actorOf(request), upload, ip: request.ip });
    },
  );

  app.get(
    '/api/geocontent/GetRawDepthList',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'The raw depth files of a geocontent',
        security,
        querystring: geoContentIdQuery,
        response: { 200: rawDepthList },
      },
    },
    async (request) => listRawDepthsOfGeocontent({ db, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/geocontent/PublishRawDepth',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'Publish a raw depth file (answers 1)', security, querystring: rdidQuery, response: { 200: one } },
    },
    async (request) => {
      await publishRawDepth({ db, actor: actorOf(request), input: { rdid: request.query.rdid, isPublished: true }, ip: request.ip });
      return 1 as const;
    },
  );

  app.get(
    '/api/geocontent/HideRawDepth',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'Hide a raw depth file (answers 1)', security, querystring: rdidQuery, response: { 200: one } },
    },
    async (request) => {
      await publishRawDepth({ db, actor: actorOf(request), input: { rdid: request.query.rdid, isPublished: false }, ip: request.ip });
      return 1 as const;
    },
  );

  app.get(
    '/api/rawdepth/:id',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'Download a raw depth file',
        security,
        params: idParams,
        response: { 200: mediaAnswer('application/octet-stream', 'The file as uploaded', { binary: true }) },
      },
    },
    async (request, reply) => {
      const row = await requireOwnedRawDepthFile({ db, actor: actorOf(request), input: request.params });
      const file = { fileName: row.filename, contentType: 'application/octet-stream' };
      const url = await presignedDownload(app.blobs, app.config, row.blobKey, file);
      if (url) return reply.header('cache-control', 'no-store').redirect(url);
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-length', String(row.size));
      reply.header('content-disposition', `attachment; filename="${encodeURIComponent(row.filename)}"`);
      return reply.send(await app.blobs.get(row.blobKey));
    },
  );

  app.delete(
    '/api/rawdepth/:id',
    { onRequest: asProvider, schema: { tags, summary: 'Delete a raw depth file', security, params: idParams, response: { 200: one } } },
    async (request) => {
      await removeRawDepth({ db, blobs: app.blobs, actor: actorOf(request), input: request.params, ip: request.ip });
      return 1 as const;
    },
  );
};
