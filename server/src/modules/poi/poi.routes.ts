import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentGcidQuery, gcidQuery, geoContentIdQuery, idParams, one } from '@chartroom/contracts/geocontents';
import { poi, poiInput, poiList, poiRelease, poiReleaseDetail, poiReleaseList } from '@chartroom/contracts/poi';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { gcidOrCurrent, requireOwnedGeocontent } from '../providers/providers.service.js';
import {
  changePoi,
  createPoi,
  getPoiRelease,
  listPoiReleasesOfGeocontent,
  listPoisOfGeocontent,
  publishPois,
  removePoi,
} from './poi.service.js';

export const poiRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const security = [{ bearer: [] }];
  const asProvider = app.requireRole('provider');
  const tags = ['poi'];

  app.get(
    '/api/geocontent/GoToPoiEditor',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'May the POI editor open for this geocontent, by default the current one (answers 1)',
        security,
        querystring: currentGcidQuery,
        response: { 200: one },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await requireOwnedGeocontent(db, actor, gcidOrCurrent(actor, request.query.gcid));
      return 1 as const;
    },
  );

  app.get(
    '/api/geocontent/ConvertPoi',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'Publish Poi: snapshot the current points as a release (gcid by default the current geocontent)',
        security,
        querystring: currentGcidQuery,
        response: { 200: poiRelease },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return publishPois({ db, actor, input: { gcid: gcidOrCurrent(actor, request.query.gcid) }, ip: request.ip });
    },
  );

  app.get(
    '/api/geocontent/GetPoiList',
    {
      onRequest: asProvider,
      schema: {
        tags,
        summary: 'The POI releases of a geocontent',
        security,
        querystring: geoContentIdQuery,
        response: { 200: poiReleaseList },
      },
    },
    async (request) => listPoiReleasesOfGeocontent({ db, actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/poi/releases/:id',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'One POI release with its frozen points', security, params: idParams, response: { 200: poiReleaseDetail } },
    },
    async (request) => getPoiRelease({ db, actor: actorOf(request), input: request.params }),
  );

  app.get(
    '/api/poi',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'The points of interest being edited', security, querystring: gcidQuery, response: { 200: poiList } },
    },
    async (request) => listPoisOfGeocontent({ db, actor: actorOf(request), input: request.query }),
  );

  app.post(
    '/api/poi',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'Add a point of interest', security, querystring: gcidQuery, body: poiInput, response: { 200: poi } },
    },
    async (request) => createPoi({ db, actor: actorOf(request), input: { gcid: request.query.gcid, poi: request.body }, ip: request.ip }),
  );

  app.put(
    '/api/poi/:id',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'Edit or move a point of interest', security, params: idParams, body: poiInput, response: { 200: poi } },
    },
    async (request) => changePoi({ db, actor: actorOf(request), input: { id: request.params.id, poi: request.body }, ip: request.ip }),
  );

  app.delete(
    '/api/poi/:id',
    {
      onRequest: asProvider,
      schema: { tags, summary: 'Delete a point of interest', security, params: idParams, response: { 200: z.literal(1) } },
    },
    async (request) => {
      await removePoi({ db, actor: actorOf(request), input: request.params, ip: request.ip });
      return 1 as const;
    },
  );
};
