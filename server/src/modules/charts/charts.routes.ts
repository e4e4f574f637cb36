import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addS102Answer,
  addS63Answer,
  chartCollection,
  chartComparison,
  encUploadList,
  gcidQuery,
  getCollectionQuery,
  guidQuery,
  s102PreviewParams,
} from '@chartroom/contracts/charts';
import { actorOf } from '../../plugins/auth.js';
import type { ChartDeps } from './chart-uploads.js';
import { getCollection } from './charts.service.js';
import { applyEnc, getEncUpload, listSavedEncUploads, revertEnc, saveEnc, uploadEnc } from './enc.service.js';
import { openS102Preview, uploadS102 } from './s102.service.js';
import { uploadS63 } from './s63.service.js';
import { mediaAnswer, multipartForm } from '../../plugins/openapi.js';

const tags = ['charts'];
const security = [{ bearer: [] }];

export const chartRoutes: FastifyPluginAsyncZod<{ deps: ChartDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Every route here is the provider's: the guard goes on each route, where the OpenAPI document sees it.
  const asProvider = app.requireRole('provider');
  app.addHook('onRoute', (route) => {
    route.onRequest = [asProvider, ...[route.onRequest ?? []].flat()];
  });

  app.post(
    '/api/geocontent/addenc',
    {
      schema: {
        tags,
        security,
        multipart: multipartForm({
          files: { kind: 'files', description: 'S-57 cells, updates, CATALOG.031, TXT/TIF files, or a zip of them' },
          gcid: { kind: 'integer', description: 'The geocontent they go to' },
        }),
        summary: 'Stage S-57 files (cells, updates, CATALOG.031, TXT/TIF, or a zip) and compare them with the collection',
        description: 'Multipart: `files` (repeated) and `gcid`.',
        response: { 200: chartComparison },
      },
    },
    async (request) => uploadEnc({ deps, actor: actorOf(request), request }),
  );

  app.get(
    '/api/geocontent/GetEncUpload',
    {
      schema: {
        tags,
        security,
        summary: 'A staged upload with its comparison (the review screen)',
        querystring: guidQuery,
        response: { 200: chartComparison },
      },
    },
    async (request) => getEncUpload({ db, actor: actorOf(request), guid: request.query.guid }),
  );

  app.get(
    '/api/geocontent/GetEncUploads',
    {
      schema: {
        tags,
        security,
        summary: 'Open uploads (staged or saved) waiting to be applied, with their expiry',
        querystring: gcidQuery,
        response: { 200: encUploadList },
      },
    },
    async (request) => listSavedEncUploads({ db, actor: actorOf(request), gcId: request.query.gcid }),
  );

  app.get(
    '/api/geocontent/ApplyEnc',
    {
      schema: {
        tags,
        security,
        summary: 'Apply a staged upload in one transaction',
        querystring: guidQuery,
        response: { 200: z.boolean() },
      },
    },
    async (request) => applyEnc({ deps, actor: actorOf(request), guid: request.query.guid, ip: request.ip }),
  );

  app.get(
    '/api/geocontent/SaveEnc',
    { schema: { tags, security, summary: 'Keep a staged upload to apply later', querystring: guidQuery, response: { 200: z.boolean() } } },
    async (request) => saveEnc({ db, actor: actorOf(request), guid: request.query.guid }),
  );

  app.get(
    '/api/geocontent/RevertEnc',
    {
      schema: { tags, security, summary: 'Discard a staged upload and its files', querystring: guidQuery, response: { 200: z.boolean() } },
    },
    async (request) => revertEnc({ deps, actor: actorOf(request), guid: request.query.guid, ip: request.ip }),
  );

  app.post(
    '/api/geocontent/AddS63ToGeocontent',
    {
      schema: {
        tags,
        security,
        multipart: multipartForm({
          file: { kind: 'file', description: 'The S-63 exchange set (zip)' },
          deviceKey: { kind: 'text', description: 'The HW_ID the permits of the set were made for (5 hex digits)' },
          geocontentId: { kind: 'integer', description: 'The geocontent the cells go to' },
        }),
        summary: 'Upload an S-63 exchange set zip; a background job decrypts it',
        description: 'Multipart: `file` (the zip), `deviceKey` (the HW_ID of the permits) and `geocontentId`.',
        response: { 200: addS63Answer },
      },
    },
    async (request) => uploadS63({ deps, actor: actorOf(request), request }),
  );

  app.post(
    '/api/geocontent/adds102',
    {
      schema: {
        tags,
        security,
        multipart: multipartForm({
          files: { kind: 'files', description: 'S-102 grids (HDF5, .h5)' },
          gcid: { kind: 'integer', description: 'The geocontent they go to' },
        }),
        summary: 'Upload S-102 grids',
        description: 'Multipart: `files` (repeated) and `gcid`.',
        response: { 200: addS102Answer },
      },
    },
    async (request) => uploadS102({ deps, actor: actorOf(request), request }),
  );

  app.get(
    '/charts/getCollection',
    {
      schema: {
        tags,
        security,
        summary: 'The chart collection of a geocontent (enc or s102)',
        description:
          'Every chart by name; or a page of them with `limit` (at most 500) and `offset`, and only those whose name contains `name` (case ignored). `total` counts the charts that match.',
        querystring: getCollectionQuery,
        response: { 200: chartCollection },
      },
    },
    async (request) => {
      const { gcid, type, offset, limit, name } = request.query;
      return getCollection({ db, actor: actorOf(request), gcId: gcid, kind: type, page: { offset, limit, name } });
    },
  );

  app.get(
    '/charts/s102/:id/preview.png',
    {
      schema: {
        tags,
        security,
        summary: 'Depth preview of an S-102 grid (PNG)',
        params: s102PreviewParams,
        response: { 200: mediaAnswer('image/png', 'The preview', { binary: true }) },
      },
    },
    async (request, reply) => {
      const stream = await openS102Preview({ db, blobs: deps.blobs, actor: actorOf(request), chartId: request.params.id });
      return reply.type('image/png').header('cache-control', 'private, max-age=300').send(stream);
    },
  );
};
