import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceDataParams, deviceNavMessages, deviceNavMessagesQuery } from '@chartroom/contracts/device-api';
import { mediaAnswer } from '../../plugins/openapi.js';
import { errorBody } from '@chartroom/contracts/errors';
import { deviceAuthenticator, deviceOf } from './device-context.js';
import { deviceKey, type DeviceApiDeps } from './device-api.routes.js';
import {
  listNavMessagesForDevice,
  openNavMessageImageForDevice,
  openNtmForDevice,
  openRawDepthForDevice,
  readPoiReleaseForDevice,
  type DeviceDownloadRequest,
  type DeviceFile,
} from './device-data.service.js';
import { sendBytesWithRange, sendFileWithRange } from './range-download.js';

const device = [{ deviceToken: [] }];
const tags = ['device api'];

/** A download's answers, as the document shows them: the bytes under their own media type. */
function downloadAnswers(mediaType: string, what: string) {
  const bytes = (description: string) => mediaAnswer(mediaType, description, { binary: true });
  return {
    200: bytes(`${what} (\`${mediaType}\`). Headers: ETag, Accept-Ranges, Content-Length, Content-Disposition.`),
    206: bytes(`The bytes of the asked range of ${what} (\`${mediaType}\`; \`Content-Range\` says which).`),
    304: z.null().describe('The file is the one named by `If-None-Match` (its ETag): no body'),
    401: errorBody.describe('No device token, or it was revoked or replaced'),
    404: errorBody.describe('No such item, or none of this device’s licences covers it'),
    409: errorBody.describe('`license_expired`: the licence covering it has expired'),
    416: z.null().describe('The range is outside the file (`Content-Range: bytes */<size>`): no body'),
  };
}

const checks =
  'Checked as exchange sets are: a live device token, a current licence of a product of its geocontent with this kind switched on ' +
  "(409 `license_expired` when only expired ones), and only the device's own licences (404 otherwise).";

/**
 * The device calls for the data besides cells (issue 35): NTM documents, POI releases, navigation
 * messages and raw depth files, each listed in entitlements and update checks; files stream with
 * Range resume, ETag and 304 (range-download.ts).
 */
export const deviceDataRoutes: FastifyPluginAsyncZod<{ deps: DeviceApiDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const authenticateDevice = deviceAuthenticator(db);
  const rateLimit = { max: deps.callsPerMinute, timeWindow: '1 minute', keyGenerator: deviceKey };

  /** A stored file the device downloads: checked by `open` (licence, expiry, device), then streamed with Range. */
  function fileDownload(
    path: string,
    opts: {
      summary: string;
      description: string;
      answers: ReturnType<typeof downloadAnswers>;
      open: (request: DeviceDownloadRequest) => Promise<DeviceFile>;
    },
  ) {
    app.get(
      path,
      {
        onRequest: authenticateDevice,
        config: { rateLimit },
        schema: {
          tags,
          summary: opts.summary,
          description: opts.description,
          security: device,
          params: deviceDataParams,
          response: opts.answers,
        },
      },
      async (request, reply) => {
        const file = await opts.open({
          db,
          device: deviceOf(request),
          id: request.params.id,
          range: request.headers.range,
          ip: request.ip,
        });
        return sendFileWithRange(reply, { ...file, store: deps.blobs, range: request.headers.range });
      },
    );
  }

  fileDownload('/api/app/v1/ntm/:id', {
    summary: 'Download an NTM document (Notice to Mariners, usually a PDF) the device is licensed for',
    description: `The ids are in entitlements \`ntms\` and update checks. ${checks} Example: \`GET /api/app/v1/ntm/12\` with \`Range: bytes=0-1023\` → 206.`,
    answers: downloadAnswers('application/pdf', 'The NTM document'),
    open: openNtmForDevice,
  });

  app.get(
    '/api/app/v1/poi-releases/:id',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Download a POI release (the frozen points of interest of one publication) as a JSON file',
        description:
          `The ids are in entitlements \`poiReleases\`. ${checks} The file: \`{"id":4,"geocontentId":2,"itemsCount":1,"timestamp":"2026-11-20T10:00:00.000Z",` +
          '"items":[{"id":9,"name":"Fuel pier","category":"fuel","description":"","lat":54.03,"lng":10.05}]}`. ETag is its SHA-256 (also in X-Content-SHA256).',
        security: device,
        params: deviceDataParams,
        response: downloadAnswers('application/json', 'The POI release file'),
      },
    },
    async (request, reply) => {
      const release = await readPoiReleaseForDevice({
        db,
        device: deviceOf(request),
        id: request.params.id,
        range: request.headers.range,
        ip: request.ip,
      });
      return sendBytesWithRange(reply, {
        ...release,
        contentType: 'application/json',
        range: request.headers.range,
      });
    },
  );

  fileDownload('/api/app/v1/raw-depth/:id', {
    summary: 'Download a published raw depth file (XYZ, CSV or as uploaded) the device is licensed for',
    description: `The ids are in entitlements \`rawDepthFiles\` (products with \`s102\` switched on). ${checks}`,
    answers: downloadAnswers('application/octet-stream', 'The raw depth file'),
    open: openRawDepthForDevice,
  });

  app.get(
    '/api/app/v1/nav-messages',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The navigation messages of the products the device holds with `navMsg` switched on (those after `since`, if given)',
        description:
          'Expired licences give none. Example: `GET /api/app/v1/nav-messages?since=2026-11-20T10:00:00.000Z` → ' +
          '`{"serverTime":"…","navMessages":[{"id":3,"geocontentId":2,"text":"Buoy missing","lat":54.02,"lng":10.04,"createdAt":"…"}]}`; poll with the previous `serverTime`.',
        security: device,
        querystring: deviceNavMessagesQuery,
        response: { 200: deviceNavMessages, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const serverTime = new Date().toISOString();
      const since = request.query.since ? new Date(request.query.since) : null;
      return { serverTime, navMessages: await listNavMessagesForDevice(db, deviceOf(request), since) };
    },
  );

  fileDownload('/api/app/v1/nav-messages/images/:id', {
    summary: 'Download a picture of a navigation message the device is licensed for (PNG, JPEG, …: `Content-Type` says which)',
    description: `The ids are in the messages' \`images\` (entitlements, update checks, /api/app/v1/nav-messages). ${checks}`,
    answers: downloadAnswers('image/*', 'The picture'),
    open: openNavMessageImageForDevice,
  });
};
