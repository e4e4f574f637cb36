import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedProductGroup,
  availableProduct,
  distributorQueryResult,
  issuedLicensesQuery,
  requestPermitQuery,
} from '@chartroom/contracts/distributors';
import { errorBody } from '@chartroom/contracts/errors';
import { changePermitQuery, distributorPermit, gcidQuery, issuedLicense, issueLicenseQuery } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import {
  issueDistributorLicense,
  listAllowedProducts,
  listAvailableProducts,
  listDistributorIssuedLicenses,
  queryDistributors,
  requestPermit,
} from './distributor-permits.service.js';
import { changePermitStatus, listPermitRequests } from './provider-permits.service.js';

const security = [{ bearer: [] }];

/** Distributor permits from both sides: the provider's my_distributors tab and the distributor area. */
export const permitRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const asProvider = app.requireRole('provider');
  const asDistributor = app.requireRole('distributor');

  app.get(
    '/api/providers/DistribRequests',
    {
      onRequest: asProvider,
      schema: {
        tags: ['provider'],
        summary: "Distributors' permit requests for a geocontent's products",
        security,
        querystring: gcidQuery,
        response: { 200: z.array(distributorPermit), 404: errorBody },
      },
    },
    async (request) => listPermitRequests({ db, actor: actorOf(request), gcId: request.query.gcid }),
  );

  app.get(
    '/api/providers/ChangeDistribRequestStatus',
    {
      onRequest: asProvider,
      schema: {
        tags: ['provider'],
        summary: 'Accept, reject, pause or reopen a distributor permit',
        security,
        querystring: changePermitQuery,
        response: { 200: distributorPermit, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => changePermitStatus({ db, actor: actorOf(request), input: request.query, ip: request.ip }),
  );

  app.post(
    '/api/distributors/query',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'The distributor with its permits',
        security,
        body: z.object({}).passthrough().optional(),
        response: { 200: distributorQueryResult },
      },
    },
    async (request) => queryDistributors({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/distributors/GetAllProducts',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: "Every enabled com, corp and individual product with this distributor's permit status",
        security,
        response: { 200: z.array(availableProduct) },
      },
    },
    async (request) => listAvailableProducts({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/distributors/RequestPermition',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Request a permit to sell a product (gcid carries the product id)',
        security,
        querystring: requestPermitQuery,
        response: { 200: distributorPermit, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => requestPermit({ db, actor: actorOf(request), productId: request.query.gcid, ip: request.ip }),
  );

  app.get(
    '/api/distributors/getallowedproducts',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Products with an accepted or paused permit, grouped by geocontent',
        security,
        response: { 200: z.array(allowedProductGroup) },
      },
    },
    async (request) => listAllowedProducts({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/distributors/issueLicense',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Issue a licence under an accepted permit',
        security,
        querystring: issueLicenseQuery,
        response: { 200: issuedLicense, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => issueDistributorLicense({ db, actor: actorOf(request), input: request.query, ip: request.ip, publicUrl }),
  );

  app.get(
    '/api/distributors/issuedLicenses',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Licences this distributor issued for a product',
        security,
        querystring: issuedLicensesQuery,
        response: { 200: z.array(issuedLicense), 404: errorBody },
      },
    },
    async (request) => listDistributorIssuedLicenses({ db, actor: actorOf(request), productId: request.query.prodid }),
  );
};
