import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInvitationBody, invitationParams, inviteUserBody, userForAgreement, userInvitations } from '@chartroom/contracts/agreements';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { acceptInvitation, declineInvitation, inviteUser, listMyInvitations } from './invitations.service.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Consent (issue 34): a distributor invites a user to an agreement; the user accepts with chosen devices, or declines. */
export const invitationRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const ctx = (request: Parameters<typeof actorOf>[0]) => ({ db, actor: actorOf(request), ip: request.ip });

  app.post(
    '/api/agreement/invite-user',
    {
      onRequest: app.requireRole('distributor2'),
      schema: {
        tags: ['agreements'],
        summary: 'Invite a user by e-mail to an agreement you manage (mailed once, in their language)',
        security,
        body: inviteUserBody,
        response: { 200: userForAgreement, ...errors, 429: errorBody },
      },
    },
    async (request) => inviteUser({ ...ctx(request), publicUrl, input: request.body }),
  );

  const tags = ['users'];
  app.get(
    '/api/user/agreement-invitations',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your pending invitations to agreements, and your devices to choose from',
        security,
        response: { 200: userInvitations },
      },
    },
    async (request) => listMyInvitations(ctx(request)),
  );

  app.post(
    '/api/user/agreement-invitations/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Accept an invitation: the devices you choose join the agreement',
        security,
        params: invitationParams,
        body: acceptInvitationBody,
        response: { 200: userInvitations, ...errors },
      },
    },
    async (request) => acceptInvitation({ ...ctx(request), id: request.params.id, input: request.body }),
  );

  app.post(
    '/api/user/agreement-invitations/:id/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Decline an invitation: the distributor learns nothing of your devices',
        security,
        params: invitationParams,
        response: { 200: userInvitations, ...errors },
      },
    },
    async (request) => declineInvitation({ ...ctx(request), id: request.params.id }),
  );
};
