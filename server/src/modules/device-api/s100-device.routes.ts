import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { s100ExchangeSetBody, s100ExchangeSetResult, s100UserPermitBody, s100UserPermitResult } from '@chartroom/contracts/s100';
import { deviceAuthenticator, deviceOf } from './device-context.js';
import { deviceKey, notModified, type DeviceApiDeps } from './device-api.routes.js';
import { recordWhenDownloaded } from '../my-charts/received-cells.js';
import { openExchangeSetDownload } from './exchange-set.service.js';
import { sendFileWithRange } from './range-download.js';
import { createS100ExchangeSet } from './s100-exchange-set.service.js';
import { addS100UserPermit } from './s100-user-permit.service.js';
import { mediaAnswer } from '../../plugins/openapi.js';
import { AppError } from '../../errors.js';

const device = [{ deviceToken: [] }];
const tags = ['device api'];

/** The S-100 calls of the device API (issue 36), next to the S-63 ones. */
export const s100DeviceRoutes: FastifyPluginAsyncZod<{ deps: DeviceApiDeps }> = async (app, { deps }) => {
  const authenticateDevice = deviceAuthenticator(deps.db);
  const rateLimit = { max: deps.callsPerMinute, timeWindow: '1 minute', keyGenerator: deviceKey };

  app.post(
    '/api/app/v1/s100/user-permit',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: "Give a redeemed device's S-100 user permit (or a new one): S-100 exchange sets are made for its HW_ID",
        description:
          'Body `{"s100UserPermit":"AC3EE1AE50C12C9F370E0D3A5F3888375500515ACR0101"}` → `{"s100HwId":"0F1E2D3C4B5A69788796A5B4C3D2E1F0"}`.',
        security: device,
        body: s100UserPermitBody,
        response: { 200: s100UserPermitResult, 400: errorBody, 401: errorBody },
      },
    },
    async (request) =>
      addS100UserPermit({ db: deps.db, box: deps.box, device: deviceOf(request), userPermit: request.body.s100UserPermit, ip: request.ip }),
  );

  app.post(
    '/api/app/v1/s100/exchange-sets',
    {
      onRequest: authenticateDevice,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Build the S-100 Part 15 protected exchange set of licensed S-100 datasets (304 when the device holds every version)',
        description:
          'Body `{"productNames":["101FR00369300"]}` (whole datasets), `{"productVersions":[{"productName":"101FR00369300","editionNumber":1,"updateNumber":0}]}` (what the device holds: what came after) ' +
          'or `{"updatesSince":"2026-01-01T00:00:00Z"}` (datasets changed since, after what the last set delivered). Answers 201 with the download `url`, `size`, `sha256`, the datasets inside and `notIncluded` ' +
          '(`not_licensed`, `unknown`); with `Accept: application/zip` the set itself. The zip: PERMIT.XML and PERMIT.SIGN, S100_ROOT/CATALOG.XML and CATALOG.SIGN, S100_ROOT/<product>/DATASET_FILES/<file> ' +
          "encrypted for the device's S-100 HW_ID (docs/device-s100.md).",
        security: device,
        body: s100ExchangeSetBody,
        response: {
          200: mediaAnswer('application/zip', 'Nothing to deliver yet (JSON), or the set itself with `Accept: application/zip`', {
            binary: true,
            orJson: s100ExchangeSetResult,
          }),
          201: s100ExchangeSetResult,
          304: z.null().describe('Nothing new for this device'),
          400: errorBody,
          401: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const d = deviceOf(request);
      const result = await createS100ExchangeSet({ deps, device: d, body: request.body, ip: request.ip });
      if (!result) return notModified(reply);
      if (!result.id || !result.url) return reply.code(200).send(result);
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/zip') && !accept.includes('application/json')) {
        const file = await openExchangeSetDownload({ deps, device: d, id: result.id, range: undefined, ip: request.ip });
        recordWhenDownloaded(deps.db, reply, file.delivers);
        return sendFileWithRange(reply.header('location', result.url), { ...file, range: undefined });
      }
      return reply.code(201).header('location', result.url).send(result);
    },
  );

  app.get(
    '/api/app/v1/s100/scheme-administrator',
    {
      config: { rateLimit: { max: deps.callsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "The scheme administrator's certificate (PEM) the data server's certificate chains to: what an app trusts to verify S-100 sets",
        description:
          'A portal without S100_SA_CERT_FILE publishes the test scheme administrator it made (a real deployment configures the IHO-issued certificates). ' +
          'The `X-S100-Test-Scheme` header is `true` then. Example answer (`application/x-pem-file`): `-----BEGIN CERTIFICATE-----\nMIIB…\n-----END CERTIFICATE-----`.',
        response: { 200: mediaAnswer('application/x-pem-file', "The scheme administrator's X.509 certificate (PEM)") },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/x-pem-file')
        .header('x-s100-test-scheme', String(deps.s100.isTestPki))
        .header('content-disposition', 'attachment; filename="scheme-administrator.pem"')
        .send(deps.s100.schemeAdministratorPem),
  );

  app.get(
    '/api/app/v1/s63/scheme-administrator',
    {
      config: { rateLimit: { max: deps.callsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The S-63 scheme administrator's public key the cells' signatures chain to: what an app trusts to verify S-63 sets",
        description:
          "Each cell signature file of an S-63 exchange set holds the data server certificate: the scheme administrator's DSA signature over the data server's public key text. " +
          "Verify that signature with this key, then the cell file's own signature with the data server key (docs/devices.md). " +
          '`format=pem` (the default) answers a PEM SubjectPublicKeyInfo (`application/x-pem-file`); `format=pub` the S-63 text form of IHO.PUB (`text/plain`, `// BIG p` … `// BIG y`). ' +
          'A portal without S63_DS_CERT_FILE publishes the test scheme administrator it made (header `X-S63-Test-Scheme: true`); a portal configured with an IHO-signed certificate ' +
          'publishes S63_SA_PUBLIC_KEY_FILE, and answers 404 without it (then use the IHO.PUB published by the IHO).',
        querystring: z.object({ format: z.enum(['pem', 'pub']).default('pem') }),
        response: {
          200: mediaAnswer('application/x-pem-file', 'The key (PEM; `text/plain` IHO.PUB text with `format=pub`)', {
            alsoAs: ['text/plain'],
          }),
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const sa = deps.dataServer.schemeAdministrator;
      if (!sa)
        throw new AppError('not_found', 'This portal does not publish its S-63 scheme administrator key: use the IHO.PUB of the IHO');
      reply.header('x-s63-test-scheme', String(sa.isTest));
      return request.query.format === 'pub'
        ? reply.type('text/plain; charset=us-ascii').header('content-disposition', 'attachment; filename="IHO.PUB"').send(sa.text)
        : reply
            .type('application/x-pem-file')
            .header('content-disposition', 'attachment; filename="s63-scheme-administrator.pem"')
            .send(sa.pem);
    },
  );
};
