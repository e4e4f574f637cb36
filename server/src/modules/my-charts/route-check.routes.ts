import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@chartroom/contracts/errors';
import { routeCheck, routeCheckFields, routeCheckQuery, routeFileMaxBytes } from '@chartroom/contracts/my-charts';
import type { Db } from '../../db/client.js';
import { multipartForm } from '../../plugins/openapi.js';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { readRouteFile } from './route-file.js';
import { checkRoute } from './route-check.service.js';

/** Raw route bodies: what planning tools and browsers send a GPX or RTZ file as. */
const rawTypes = ['text/xml', 'application/xml', 'application/gpx+xml', 'application/octet-stream', 'text/plain'];

/**
 * The route check (issue 37). In a scope of its own: the raw body is read as bytes, up to the
 * route file limit (a larger one is a 413 before it is read whole).
 */
export const routeCheckRoutes: FastifyPluginAsyncZod<{ db: Db; perMinute: number }> = async (app, { db, perMinute }) => {
  app.removeContentTypeParser(['text/plain']);
  app.addContentTypeParser(rawTypes, { parseAs: 'buffer', bodyLimit: routeFileMaxBytes }, (_request, body, done) => done(null, body));

  app.post(
    '/api/user/route-check',
    {
      onRequest: app.authenticate,
      // A heavy call (geometry over every chart near the route): per signed-in session.
      config: {
        rateLimit: { max: perMinute, timeWindow: '1 minute', keyGenerator: (request) => request.headers.authorization ?? request.ip },
      },
      schema: {
        tags: ['users'],
        summary: 'Check a route (GPX or RTZ) against the charts: the cells it needs, what you hold, the gaps, what to buy',
        description: [
          'Send the route as multipart/form-data (part `file`, optional fields `corridorNm` and `installationId`) or as the raw body ' +
            '(`text/xml`, `application/gpx+xml`, `application/octet-stream`, `text/plain`), at most 5 MB. GPX: the first route (rtept), else the first track (trkpt), else the waypoints in order; ' +
            'RTZ (IEC 61174): route/waypoints/waypoint/position. A DOCTYPE is refused.',
          '`corridorNm` (0.1–50, default 5) is the half-width of the corridor. Every published cell and S-101 dataset is quilted along the corridor: each stretch is served by the finest band covering it (M_COVR data coverage, else the bounding box); ' +
            'the stretches of the route no chart covers are `gaps`. For each unlicensed cell, `offers` lists the enabled products holding it, and for a device on an agreement `order` is the body of `POST /api/app/v1/orders` buying them.',
        ].join('\n\n'),
        security: [{ bearer: [] }],
        // The document shows the multipart form; the raw route types are named in the description.
        multipart: multipartForm({
          file: { kind: 'file', description: 'The route: a GPX or RTZ file, at most 5 MB' },
          corridorNm: { kind: 'number', description: 'Half-width of the corridor in nautical miles (0.1–50, default 5)', required: false },
          installationId: {
            kind: 'integer',
            description: 'The device the order is for (default: the first on an agreement)',
            required: false,
          },
        }),
        querystring: routeCheckQuery,
        response: { 200: routeCheck, 400: errorBody, 401: errorBody, 404: errorBody, 413: errorBody },
      },
    },
    async (request) => {
      let bytes: Uint8Array;
      let fields = request.query;
      if (request.isMultipart()) {
        const upload = await receiveUpload(request, app.blobs, {
          prefix: 'route-check',
          maxFileBytes: routeFileMaxBytes,
          maxFiles: 1,
          fileFields: ['file'],
          schema: routeCheckFields,
        });
        try {
          const file = upload.files[0];
          if (!file)
            throw new AppError('validation', 'Send the route in the part "file"', [
              { path: 'body.file', message: 'required', code: 'required' },
            ]);
          bytes = await app.blobs.read(file.key);
        } finally {
          await upload.discard();
        }
        fields = { ...fields, ...Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== undefined)) };
      } else if (Buffer.isBuffer(request.body)) {
        bytes = request.body;
      } else {
        throw new AppError('unsupported_file', 'Send the route as a GPX or RTZ file (multipart part "file" or the raw body)', {
          params: { file: 'route', reason: 'not_route' },
        });
      }
      return checkRoute({
        db,
        actor: actorOf(request),
        points: readRouteFile(bytes),
        corridorNm: fields.corridorNm ?? 5,
        installationId: fields.installationId,
      });
    },
  );
};
