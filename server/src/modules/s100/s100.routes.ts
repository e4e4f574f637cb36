import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gcidQuery } from '@chartroom/contracts/charts';
import { errorBody } from '@chartroom/contracts/errors';
import { addS100Answer, s100DatasetList } from '@chartroom/contracts/s100';
import { actorOf } from '../../plugins/auth.js';
import type { ChartDeps } from '../charts/chart-uploads.js';
import { listGeocontentS100Datasets, uploadS100 } from './s100.service.js';
import { multipartForm } from '../../plugins/openapi.js';

const tags = ['charts'];
const security = [{ bearer: [] }];

/** A provider's S-100 datasets (issue 36): upload and list. */
export const s100DatasetRoutes: FastifyPluginAsyncZod<{ deps: ChartDeps }> = async (app, { deps }) => {
  // Every route here is the provider's: the guard goes on each route, where the OpenAPI document sees it.
  const asProvider = app.requireRole('provider');
  app.addHook('onRoute', (route) => {
    route.onRequest = [asProvider, ...[route.onRequest ?? []].flat()];
  });

  app.post(
    '/api/geocontent/adds100',
    {
      schema: {
        tags,
        security,
        multipart: multipartForm({
          files: { kind: 'files', description: 'S-100 datasets (.000 and updates, .h5), or a zip of them' },
          gcid: { kind: 'integer', description: 'The geocontent they go to' },
        }),
        summary:
          'Upload S-100 datasets: S-101 (.000 and updates), S-102/S-104/S-111 (.h5), or a zip of them or of an unprotected exchange set',
        description:
          'Multipart: `files` (repeated) and `gcid`. Every file is read before anything is stored: a broken or foreign file (a truncated dataset, an S-57 cell) answers 400 naming it, and nothing is kept. ' +
          'An S-101 update continues the stored dataset; an HDF5 file with other bytes under a stored name becomes its next edition.',
        response: { 200: addS100Answer, 400: errorBody, 404: errorBody, 409: errorBody, 413: errorBody },
      },
    },
    async (request) => uploadS100({ deps, actor: actorOf(request), request }),
  );

  app.get(
    '/api/geocontent/s100-datasets',
    {
      schema: {
        tags,
        security,
        summary: "A geocontent's S-100 datasets with their edition, update, issue date, extent and (S-101) features per type",
        querystring: gcidQuery,
        response: { 200: s100DatasetList, 404: errorBody },
      },
    },
    async (request) => listGeocontentS100Datasets({ db: deps.db, actor: actorOf(request), gcId: request.query.gcid }),
  );
};
