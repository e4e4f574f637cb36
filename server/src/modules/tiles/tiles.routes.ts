import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chartText,
  chartTextQuery,
  objectCatalogue,
  tileParams,
  tileQuery,
  vectorTileMime,
  type TileParams,
  type TileQuery,
} from '@chartroom/contracts/map';
import { errorBody } from '@chartroom/contracts/errors';
import { AppError } from '../../errors.js';
import { WindowCounter } from '../../lib/window-counter.js';
import { mediaAnswer } from '../../plugins/openapi.js';
import { describeGuard } from '../../plugins/route-guards.js';
import { getObjectCatalogue } from '../map/object-catalogue.js';
import { getTile, readChartText, type TileDeps } from './tiles.service.js';

/**
 * Tiles are fetched by the map library, which sends no session: the task id in the URL is the
 * capability (unguessable, one geocontent, 12 hours). A caller who does send a token must be the
 * task's provider. See docs/decisions/0012-map-tiles.md.
 */
export const tileRoutes: FastifyPluginAsyncZod<{ deps: TileDeps; limits: { perTask: number; perAddress: number } }> = async (
  app,
  { deps, limits },
) => {
  const signedInIfToken = describeGuard(
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization) await app.authenticate(request, reply);
    },
    { scheme: 'bearer', optional: true },
  );
  // Counted in memory per process (a shared store would cost a statement per tile): per map task,
  // and per address, so that many tasks from one client are bounded too.
  const perTask = new WindowCounter(limits.perTask, 60_000);
  const perAddress = new WindowCounter(limits.perAddress, 60_000);
  const limitTiles = async (request: FastifyRequest, reply: FastifyReply) => {
    const byAddress = perAddress.hit(request.ip);
    const byTask = byAddress.allowed ? perTask.hit((request.query as TileQuery).taskId) : byAddress;
    if (!byTask.allowed) {
      reply.header('Retry-After', String(byTask.retryAfterSeconds));
      throw new AppError('rate_limited', 'Too many map tiles asked for: wait a minute and try again');
    }
  };

  const tileAnswers = (mime: string, description: string) => ({
    200: mediaAnswer(mime, description, { binary: true }),
    204: z.null().describe('No chart data in this tile'),
    304: z.null().describe('`If-None-Match` holds the current ETag'),
    429: errorBody,
  });

  async function answer(request: FastifyRequest, reply: FastifyReply, kind: 'pbf' | 'png', params: TileParams, query: TileQuery) {
    const tile = await getTile({
      deps,
      actor: request.actor,
      taskId: query.taskId,
      kind,
      params,
      ifNoneMatch: request.headers['if-none-match'],
    });
    const isPinned = query.v !== undefined && tile.etag.endsWith(`-${query.v}"`);
    reply.header('ETag', tile.etag).header('Cache-Control', isPinned ? 'private, max-age=43200, immutable' : 'private, no-cache');
    if (tile.isNotModified) return reply.code(304).send();
    if (!tile.body) return reply.code(204).send();
    if (kind === 'pbf') reply.header('Content-Type', vectorTileMime).header('Content-Encoding', 'gzip');
    else reply.header('Content-Type', 'image/png');
    return reply.send(tile.body);
  }

  app.get(
    '/tiles/:z/:x/:y.pbf',
    {
      onRequest: signedInIfToken,
      preHandler: limitTiles,
      schema: {
        tags: ['map'],
        summary: "A vector tile (MVT 2.1, gzip) of the map task's charts",
        params: tileParams,
        querystring: tileQuery,
        response: tileAnswers(vectorTileMime, 'The tile (gzip-encoded Mapbox Vector Tile)'),
      },
    },
    async (request, reply) => answer(request, reply, 'pbf', request.params, request.query),
  );

  app.get(
    '/tiles/s102/:z/:x/:y.png',
    {
      onRequest: signedInIfToken,
      preHandler: limitTiles,
      schema: {
        tags: ['map'],
        summary: "A 256-px depth tile of the map task's S-102 grids",
        params: tileParams,
        querystring: tileQuery,
        response: tileAnswers('image/png', 'The tile (PNG)'),
      },
    },
    async (request, reply) => answer(request, reply, 'png', request.params, request.query),
  );

  // A text a chart feature refers to: the task is the capability, as for the tiles.
  app.get(
    '/api/map/text',
    {
      onRequest: signedInIfToken,
      schema: {
        tags: ['map'],
        summary: "A text file (TXTDSC, NTXTDS) a feature of the map task's charts refers to",
        querystring: chartTextQuery,
        response: { 200: chartText, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const answer = await readChartText({ deps, actor: request.actor, taskId: request.query.taskId, file: request.query.file });
      reply.header('Cache-Control', 'private, no-cache');
      return answer;
    },
  );

  // Public reference data (the S-57 catalogue), the same for everyone.
  app.get(
    '/api/map/object-catalogue',
    { schema: { tags: ['map'], summary: 'S-57 object classes, attributes and their values in words', response: { 200: objectCatalogue } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return getObjectCatalogue();
    },
  );
};
