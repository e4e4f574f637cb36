import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activatableApplicationTypeList,
  applicationType,
  applicationTypeList,
  applicationTypeParams,
  createApplicationTypeBody,
  rotateApplicationTypeKeysBody,
  updateApplicationTypeBody,
} from '@chartroom/contracts/application-types';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { actorOf } from '../../plugins/auth.js';
import {
  createApplicationType,
  listApplicationTypes,
  rotateApplicationTypeKeys,
  updateApplicationType,
} from './application-types.service.js';

const tags = ['application types'];
const security = [{ bearer: [] }];
const keysNote = "Keys go in and never come out: an answer gives each key's M_ID, version and when it was set, never the M_KEY.";

/**
 * The portal operator registers the navigation apps devices activate with (issue 35): their
 * platforms and their S-63 and S-100 manufacturers' keys, sealed at rest; a rotation gives new
 * devices the new key and keeps the old one for the devices that redeemed with it.
 */
export const applicationTypeRoutes: FastifyPluginAsyncZod<{ db: Db; box: SecretBox }> = async (app, { db, box }) => {
  const adminOnly = app.requireRole('admin');

  app.get(
    '/api/application-types',
    {
      schema: {
        tags,
        summary: 'The application types a device can be activated for (enabled ones): id, name and platform ids',
        response: { 200: activatableApplicationTypeList },
      },
    },
    async () => (await listApplicationTypes({ db })).filter((a) => a.enabled).map(({ id, name, platforms }) => ({ id, name, platforms })),
  );

  app.get(
    '/api/admin/application-types',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'The application types: name, platforms, whether they take new devices, and which keys they have',
        description: keysNote,
        security,
        response: { 200: applicationTypeList, 401: errorBody, 403: errorBody },
      },
    },
    async () => listApplicationTypes({ db }),
  );

  app.post(
    '/api/admin/application-types',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Register an application type, with its S-63 and/or S-100 manufacturer keys (each may come later by a rotation)',
        description: `${keysNote} Example body: \`{"id":110,"name":"Harbour Pilot","platforms":[3,4],"s63":{"mId":"HP","mKey":"1A2B3"}}\`.`,
        security,
        body: createApplicationTypeBody,
        response: { 201: applicationType, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const created = await createApplicationType({ db, box, input: request.body, audit: { actor: actorOf(request), ip: request.ip } });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/application-types/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Rename an application type, change its platforms, or switch it off for new devices (its redeemed devices keep working)',
        security,
        params: applicationTypeParams,
        body: updateApplicationTypeBody,
        response: { 200: applicationType, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      updateApplicationType({ db, id: request.params.id, input: request.body, audit: { actor: actorOf(request), ip: request.ip } }),
  );

  app.post(
    '/api/admin/application-types/:id/keys',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Rotate (or first set) an application type's S-63 and/or S-100 manufacturer key",
        description:
          `${keysNote} New redeems and swaps read user permits with the new key; a device redeemed before keeps ` +
          'its exchange sets and permits (they are made from its HW_ID), and a user permit it sends later is read with the key version it redeemed with.',
        security,
        params: applicationTypeParams,
        body: rotateApplicationTypeKeysBody,
        response: { 200: applicationType, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      rotateApplicationTypeKeys({
        db,
        box,
        id: request.params.id,
        input: request.body,
        audit: { actor: actorOf(request), ip: request.ip },
      }),
  );
};
