import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appSwapBody,
  entitlements,
  exchangeSetBody,
  exchangeSetParams,
  exchangeSetResult,
  jwks,
  redeemBody,
  redeemParams,
  redeemResult,
  swapResult,
  updatesQuery,
  updatesResult,
} from '@chartroom/contracts/device-api';
import { errorBody } from '@chartroom/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { BlobStore } from '../../storage/blob-store.js';
import {
  deviceAuthenticator,
  deviceOf,
  deviceTokenRequired,
  listLicensedCells,
  readDeviceUpdates,
  toEntitledCell,
} from './device-context.js';
import { updatesAnswerSerializer } from './updates-answer.js';
import { readDeviceToken, requestDeviceTokenKey } from './device-token.js';
import type { DataServerKey } from './data-server-key.js';
import { createExchangeSet, openExchangeSetDownload } from './exchange-set.service.js';
import { issueLicenseFile, listPublicKeys } from './license-file.service.js';
import { sendFileWithRange } from './range-download.js';
import { redeemActivation } from './redeem.service.js';
import { recordWhenDownloaded } from '../my-charts/received-cells.js';
import { listLicensedS100Datasets, toEntitledS100Dataset } from './s100-delivery.js';
import type { S100DataServer } from './s100-data-server.js';
import { swapDevice, type SwapLimits } from './swap.service.js';
import { listEntitledData } from './device-data.service.js';
import { mediaAnswer } from '../../plugins/openapi.js';
import { describeGuard } from '../../plugins/route-guards.js';

export interface DeviceApiDeps {
  db: Db;
  blobs: BlobStore;
  box: SecretBox;
  dataServer: DataServerKey;
  dataServerId: string;
  s100: S100DataServer;
  publicUrl: string;
  callsPerMinute: number;
  redeemsPerMinute: number;
  licenseFileTtlSeconds: number;
  swapLimits: SwapLimits;
}

const device = [{ deviceToken: [] }];
const tags = ['device api'];

/** Rate limits count per device token (per installation), falling back to the address. */
export function deviceKey(request: FastifyRequest): string {
  const key = requestDeviceTokenKey(request);
  return key ? `device:${key}` : `ip:${request.ip}`;
}

/**
 * 304 Not Modified, with no body: `send(null)` wrote `null` under `Content-Length: 4`, which a 304
 * never has, and a client that trusts the length waits for 4 bytes that do not come.
 */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/**
 * The API navigation apps call, versioned under /api/app/v1: each call is described on the OpenAPI
 * page (/api/docs), the module in docs/architecture.md ("The device API"), the licence file in
 * docs/device-license-file.md.
 */
export const deviceApiRoutes: FastifyPluginAsyncZod<{ deps: DeviceApiDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const authenticateDevice = deviceAuthenticator(db);
  const rateLimit = { max: deps.callsPerMinute, timeWindow: '1 minute', keyGenerator: deviceKey };
  // Guests may redeem a code made while signed in; a signed-in user's token makes the code theirs.
  const optionalUser = describeGuard(
    async function (this: typeof app, request: FastifyRequest, reply: FastifyReply) {
      if (request.headers.authorization && !readDeviceToken(request.headers.authorization))
        await app.authenticate.call(this, request, reply);
    },
    { scheme: 'bearer', optional: true },
  );

  app.post(
    '/api/app/v1/activations/:code/redeem',
    {
      onRequest: optionalUser,
      config: { rateLimit: { max: deps.redeemsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Redeem an activation code on a device: returns its device token',
        description:
          "The code with or without dashes; `userPermit` is the device's 28-character S-63 user permit (checked and decrypted with the application's M_KEY), " +
          "`s100UserPermit` its 46-character S-100 user permit (Part 15; checksum and M_ID checked, decrypted with the application's S-100 M_KEY): one of them, or both. " +
          'Without `licenseId` the device is attached to each current licence with a free slot. Example body: ' +
          '`{"deviceId":"SHIP-1","platformId":1,"applicationTypeId":101,"userPermit":"66B5CBFDF7E4139D5B6086C23130"}` → ' +
          '`{"token":"crd_…","installationId":7,"installationIds":[7],"licenseIds":[3],"hwId":"12345","deviceId":"SHIP-1"}`.',
        params: redeemParams,
        body: redeemBody,
        response: { 200: redeemResult, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      redeemActivation({ db, box: deps.box, actor: request.actor, code: request.params.code, input: request.body, ip: request.ip }),
  );

  app.get(
    '/api/app/v1/entitlements',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          "The device's products, expiry, and everything they cover: cells, S-100 datasets, NTM documents, POI releases, navigation messages, raw depth files",
        description:
          'Example: `{"installationId":7,"products":[{"licenseId":3,"title":"Demo Harbour Charts",…}],"expiresAt":"2027-05-01T00:00:00.000Z","cells":[{"name":"XX5DEMO1","edition":1,"update":2,"issueDate":"2024-02-07","bbox":[10,54,10.1,54.06],"band":5}],"s100Datasets":[],"ntms":[{"id":12,"geocontentId":2,"filename":"NTM-2026-47.pdf","size":48211,"description":null,"addDate":"…"}],"poiReleases":[],"navMessages":[],"rawDepthFiles":[],"serverTime":"…"}`. ' +
          'Each kind comes from the products that switch it on: cells `enc`, NTM `ntm`, POI releases `poi`, navigation messages `navMsg`, raw depth files (published ones) `s102`; ' +
          'download NTM at /api/app/v1/ntm/{id}, POI releases at /api/app/v1/poi-releases/{id}, raw depth at /api/app/v1/raw-depth/{id}; messages are listed whole. Expired licences give nothing.',
        security: device,
        response: { 200: entitlements, 401: errorBody },
      },
    },
    async (request) => {
      const d = deviceOf(request);
      const cells = [...(await listLicensedCells(db, d)).values()].filter((c) => c.chart.edition).map((c) => toEntitledCell(c.chart));
      const s100Datasets = [...(await listLicensedS100Datasets(db, d)).values()].map((l) => toEntitledS100Dataset(l.dataset));
      const data = await listEntitledData(db, d);
      // Every current licence's product, ENC or not (a product may switch on NTM or POI alone).
      const now = Date.now();
      const current = d.dataLicenses.filter((l) => l.expiresAt === null || l.expiresAt.getTime() > now);
      const expiries = current.map((l) => l.expiresAt);
      return {
        installationId: d.installationIds[0]!,
        installationIds: d.installationIds,
        deviceId: d.registration.deviceId,
        hwId: d.registration.hwId,
        s100HwId: d.registration.s100HwId,
        products: current.map((l) => ({
          licenseId: l.licenseId,
          productId: l.productId,
          geocontentId: l.geocontentId,
          title: l.title,
          licType: l.licType,
          expiresAt: l.expiresAt?.toISOString() ?? null,
        })),
        expiresAt:
          expiries.length === 0 || expiries.includes(null) ? null : new Date(Math.max(...expiries.map((e) => e!.getTime()))).toISOString(),
        cells,
        s100Datasets,
        ...data,
        serverTime: new Date().toISOString(),
      };
    },
  );

  app.post(
    '/api/app/v1/exchange-sets',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Build the S-63 exchange set of what the device lacks (304 when nothing is new)',
        description:
          'Body `{"productVersions":[{"name":"XX5DEMO1","edition":1,"update":1}]}` (what the device holds; `[]` for everything) or `{"sinceDateTime":"2026-01-01T00:00:00Z"}`. ' +
          'Answers 201 with the download `url`, `size` and `sha256`, the cells inside and `notIncluded` (`not_licensed`, `cancelled`, `unknown`); with `Accept: application/zip` the set itself. ' +
          'The zip: V01X01/ENC_ROOT/<cc>/<cell>/<edition>/<update>/<cell>.00n (compressed, Blowfish-encrypted), its signature file S<cell[1..]>.00n, CATALOG.031, V01X01/PERMIT.TXT, V01X01/SERIAL.ENC, V01X01/INFO/PRODUCTS.TXT.',
        security: device,
        body: exchangeSetBody,
        response: {
          200: mediaAnswer('application/zip', 'The exchange set itself (asked for with `Accept: application/zip`)', { binary: true }),
          201: exchangeSetResult,
          304: z.null().describe('Nothing new for this device'),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const d = deviceOf(request);
      const result = await createExchangeSet({ deps, device: d, body: request.body, ip: request.ip });
      if (!result) return notModified(reply);
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/zip') && !accept.includes('application/json')) {
        const file = await openExchangeSetDownload({ deps, device: d, id: result.id, range: undefined, ip: request.ip });
        recordWhenDownloaded(db, reply, file.delivers);
        return sendFileWithRange(reply.header('location', result.url), { ...file, range: undefined });
      }
      return reply.code(201).header('location', result.url).send(result);
    },
  );

  app.get(
    '/api/app/v1/exchange-sets/:id',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Download an exchange set (Range resume, Content-Length, SHA-256 in X-Content-SHA256 and Repr-Digest)',
        description: 'Example: `Range: bytes=1048576-` → 206 with `Content-Range: bytes 1048576-2000000/2000001`.',
        security: device,
        params: exchangeSetParams,
        response: {
          200: mediaAnswer('application/zip', 'The exchange set (S-63 zip)', { binary: true }),
          206: mediaAnswer('application/zip', 'The bytes of the asked range (`Content-Range` says which)', { binary: true }),
          304: z.null().describe("`If-None-Match` holds this set's ETag: the device has it already"),
          401: errorBody,
          404: errorBody,
          416: z.null().describe('The range lies outside the file (`Content-Range: bytes */<size>`)'),
        },
      },
    },
    async (request, reply) => {
      const file = await openExchangeSetDownload({
        deps,
        device: deviceOf(request),
        id: request.params.id,
        range: request.headers.range,
        ip: request.ip,
      });
      recordWhenDownloaded(db, reply, file.delivers);
      return sendFileWithRange(reply, { ...file, range: request.headers.range });
    },
  );

  app.get(
    '/api/app/v1/license-file',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: "The installation's licence as a compact JWS (EdDSA, Ed25519) for offline checks",
        description:
          'Verify with the key of the header `kid` from /api/app/v1/keys (docs/device-license-file.md). Payload: licenseId, user, installationId, deviceId, hwId, products, cells, issued, expiry, ttl, iat, exp. ' +
          'Example answer (`application/jose`): `eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCIsImtpZCI6ImVkMjU1MTktMjAyNi0xMS0yMy0xYTJiM2M0ZCJ9.eyJsaWNlbnNlSWQiOjMsImRldmljZUlkIjoiU0hJUC0xIn0.<Ed25519 signature>`.',
        security: device,
        response: { 200: mediaAnswer('application/jose', 'The licence file: a compact JWS (header.payload.signature)'), 401: errorBody },
      },
    },
    async (request, reply) => {
      const jws = await issueLicenseFile({
        db,
        box: deps.box,
        device: deviceOf(request),
        issuer: deps.publicUrl,
        ttlSeconds: deps.licenseFileTtlSeconds,
        ip: request.ip,
      });
      return reply.type('application/jose').send(jws);
    },
  );

  app.get(
    '/api/app/v1/keys',
    {
      config: { rateLimit: { max: deps.callsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The public keys licence files are signed with (JWKS); retired keys stay until their files expire',
        description:
          'Example: `{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"ed25519-2026-11-23-1a2b3c4d","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","use":"sig","alg":"EdDSA"}]}`.',
        response: { 200: jwks },
      },
    },
    async () => listPublicKeys(db, deps.box),
  );

  app.get(
    '/api/app/v1/updates',
    {
      // The device is read with its cells in the handler: one round trip for both.
      onRequest: deviceTokenRequired,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Licensed cells, NTM documents, POI releases, navigation messages and raw depth files changed since a time (304 when none)',
        description:
          'Poll with the `serverTime` of the previous answer. Example: `GET /api/app/v1/updates?since=2026-11-20T10:00:00.000Z` → 304, or 200 `{"serverTime":"…","cells":[{"name":"XX5DEMO1","edition":1,"update":3,…}],"ntms":[…],"poiReleases":[],"navMessages":[],"rawDepthFiles":[]}` ' +
          '(each kind as in entitlements: new NTM documents, POI releases and messages since `since`; raw depth files uploaded since). Without `since`, everything.',
        security: device,
        querystring: updatesQuery,
        response: { 200: updatesResult, 304: z.null().describe('Nothing changed since then'), 401: errorBody },
      },
      // The cells' checked JSON is written once per shared read; only the time is the request's own.
      serializerCompiler: updatesAnswerSerializer,
    },
    async (request, reply) => {
      const since = request.query.since ? new Date(request.query.since) : null;
      const serverTime = new Date().toISOString();
      const cells = await readDeviceUpdates(db, request, since);
      // The other kinds: the device as every device call reads it (the token was checked just above).
      await authenticateDevice(request);
      const data = await listEntitledData(db, deviceOf(request), since);
      const nothing = Object.values(data).every((items) => items.length === 0);
      if (cells.length === 0 && nothing && since) return notModified(reply);
      return { serverTime, cells, ...data };
    },
  );

  app.post(
    '/api/app/v1/swap',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: "Move this device's licences to a new device (within the swap limit); the old token stops working",
        description:
          'Body `{"deviceId":"SHIP-2","platformId":1,"userPermit":"<new device S-63 user permit>","s100UserPermit":"<its S-100 user permit>"}` (one or both) → `{"revokedInstallationIds":[7],"swapsLeft":2,"token":"crd_…","installationIds":[9]}`.',
        security: device,
        body: appSwapBody,
        response: { 200: swapResult, 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      swapDevice({ db, box: deps.box, device: deviceOf(request), input: request.body, limits: deps.swapLimits, ip: request.ip }),
  );
};
