import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { gcidQuery, issueLicenseQuery, publisherLicense, removeLicenseQuery, removeLicenseResult } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { issueProviderLicense, listProviderLicenses, removeProviderLicense } from './licenses.service.js';

/** The provider's licences tab: issue, list, remove. */
export const licenseRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const security = [{ bearer: [] }];
  app.get(
    '/api/providers/addpermit',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: 'Issue a licence for a com or corp product to an e-mail (an account is made when none exists)',
        security,
        querystring: issueLicenseQuery,
        response: { 200: publisherLicense, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => issueProviderLicense({ db, actor: actorOf(request), input: request.query, ip: request.ip, publicUrl }),
  );

  app.get(
    '/api/providers/removepermit',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: "Remove a user's licence of a product",
        security,
        querystring: removeLicenseQuery,
        response: { 200: removeLicenseResult, 404: errorBody },
      },
    },
    async (request) => removeProviderLicense({ db, actor: actorOf(request), input: request.query, ip: request.ip }),
  );

  app.get(
    '/api/providers/getLicenses',
    {
      onRequest: app.requireRole('provider'),
      schema: {
        tags: ['provider'],
        summary: "The licences of a geocontent's products",
        security,
        querystring: gcidQuery,
        response: { 200: z.array(publisherLicense), 404: errorBody },
      },
    },
    async (request) => listProviderLicenses({ db, actor: actorOf(request), gcId: request.query.gcid }),
  );
};
