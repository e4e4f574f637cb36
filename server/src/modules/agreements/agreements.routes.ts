import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addMemberBody,
  adjustBody,
  addUserInstBody,
  agreement,
  agreementIdParam,
  agreementIdQuery,
  agreementLimits,
  agreementList,
  agreementUser,
  agreementUsers,
  createAgreementBody,
  distributorMembers,
  emailQuery,
  foundUser,
  memberParams,
  setAgreementLimitBody,
  setUserLimitBody,
  topUpBody,
  transaction,
  transactionList,
  transactionsQueryBody,
  updateAgreementBody,
  userForAgreement,
  userForAgreementQuery,
} from '@chartroom/contracts/agreements';
import { idempotencyHeaders } from '@chartroom/contracts/common';
import { errorBody } from '@chartroom/contracts/errors';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import {
  createAgreement,
  findUserForAgreementForm,
  getAgreement,
  getLimits,
  listAgreementUsers,
  queryAgreements,
  queryTransactions,
  setAgreementLimit,
  setUserLimit,
  updateAgreement,
} from './agreements.service.js';
import { adjustAgreement, topUpAgreement } from './balance-entries.service.js';
import { addUserInstallation, getUserForAgreement } from './invitations.service.js';
import { addMember, listMembers, removeMember } from './members.service.js';

const security = [{ bearer: [] }];
const tags = ['agreements'];
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Spec §7 "Agreements, orders, transactions": the agreement calls, and the distributor's members. */
export const agreementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const asDistributor2 = app.requireRole('distributor2');
  // The supervisor may be any user: what they may read is decided by the agreement's row.
  const asReader = app.requireRole('user', 'distributor2');
  const ctx = (request: Parameters<typeof actorOf>[0]) => ({ db, actor: actorOf(request), ip: request.ip });

  app.post(
    '/api/agreement/query',
    {
      onRequest: asReader,
      schema: {
        tags,
        summary: 'The agreements of your distributor and those you supervise',
        security,
        body: z.object({}).passthrough().optional(),
        response: { 200: agreementList },
      },
    },
    async (request) => queryAgreements(ctx(request)),
  );

  app.get(
    '/api/agreement',
    {
      onRequest: asReader,
      schema: {
        tags,
        summary: 'An agreement with its rates and limits',
        security,
        querystring: agreementIdQuery,
        response: { 200: agreement, ...errors },
      },
    },
    async (request) => getAgreement({ ...ctx(request), id: request.query.id }),
  );

  app.post(
    '/api/agreement/create',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'Create an agreement for a distributor you run',
        security,
        body: createAgreementBody,
        response: { 200: agreement, ...errors },
      },
    },
    async (request) => createAgreement({ ...ctx(request), input: request.body }),
  );

  app.post(
    '/api/agreement/get-user-by-email',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: "Find the supervisor by e-mail ('No such user!' otherwise)",
        security,
        querystring: emailQuery,
        response: { 200: foundUser, ...errors },
      },
    },
    async (request) => findUserForAgreementForm({ db, email: request.query.email }),
  );

  app.post(
    '/api/agreement/update',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'Change name, valid-till, type and rates',
        security,
        body: updateAgreementBody,
        response: { 200: agreement, ...errors },
      },
    },
    async (request) => updateAgreement({ ...ctx(request), input: request.body }),
  );

  app.get(
    '/api/agreement/agreement-users',
    {
      onRequest: asReader,
      schema: {
        tags,
        summary: 'Users on the agreement with their installations',
        security,
        querystring: agreementIdParam,
        response: { 200: agreementUsers, ...errors },
      },
    },
    async (request) => listAgreementUsers({ ...ctx(request), agreementId: request.query.agreementId }),
  );

  app.get(
    '/api/agreement/get-user-for-agreement',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'Whether the e-mail has an account, how its invitation stands, and the devices it put on the agreement',
        description:
          "Nothing of the user's devices is shown until the user accepts an invitation (`POST /api/agreement/invite-user`) and chooses the devices that join; `userId` is null until then.",
        security,
        querystring: userForAgreementQuery,
        response: { 200: userForAgreement, ...errors },
      },
    },
    async (request) => getUserForAgreement({ ...ctx(request), email: request.query.email, agreementId: request.query.agreementId }),
  );

  app.post(
    '/api/agreement/add-user-inst',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'The entry of a device its owner put on the agreement',
        description:
          'Devices join an agreement only when their owner accepts an invitation and chooses them; any other device answers 403 `consent_required`.',
        security,
        body: addUserInstBody,
        response: { 200: agreementUser, ...errors },
      },
    },
    async (request) => addUserInstallation({ db, actor: actorOf(request), input: request.body }),
  );

  app.get(
    '/api/agreement/limits',
    {
      onRequest: asReader,
      schema: {
        tags,
        summary: 'The agreement limit and the per-user limits',
        security,
        querystring: agreementIdParam,
        response: { 200: agreementLimits, ...errors },
      },
    },
    async (request) => getLimits({ ...ctx(request), agreementId: request.query.agreementId }),
  );

  app.post(
    '/api/agreement/set-user-limit',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: "Set a user's limit (null = no limit)",
        security,
        body: setUserLimitBody,
        response: { 200: agreementLimits, ...errors },
      },
    },
    async (request) => setUserLimit({ ...ctx(request), input: request.body }),
  );

  app.post(
    '/api/agreement/set-agreement-limit',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'Set the agreement limit (null = no limit)',
        security,
        body: setAgreementLimitBody,
        response: { 200: agreementLimits, ...errors },
      },
    },
    async (request) => setAgreementLimit({ ...ctx(request), input: request.body }),
  );

  const entryDescription = [
    "Only the agreement's distributor may post it; it is appended to the ledger with the balance after it and the agreement limit in force, and audited.",
    'Send a fresh `Idempotency-Key` (8–128 characters) per entry and the same key on a retry: a retry returns the first row (200) and moves the balance once; the same key with another body answers 409 `idempotency_key_reused`.',
  ].join('\n\n');
  app.post(
    '/api/agreement/top-up',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: "Top up the agreement's balance (a positive amount in its currency)",
        description: entryDescription,
        security,
        headers: idempotencyHeaders,
        body: topUpBody,
        response: { 200: transaction, 201: transaction, ...errors },
      },
    },
    async (request, reply) => {
      const { transaction: row, replayed } = await topUpAgreement({
        ...ctx(request),
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      });
      return reply.status(replayed ? 200 : 201).send(row);
    },
  );

  app.post(
    '/api/agreement/adjust',
    {
      onRequest: asDistributor2,
      schema: {
        tags,
        summary: 'Post a signed adjustment of the balance, with its reason',
        description: `${entryDescription}\n\nA negative adjustment that would take the balance below minus the agreement limit answers 409 \`agreement_limit\`.`,
        security,
        headers: idempotencyHeaders,
        body: adjustBody,
        response: { 200: transaction, 201: transaction, ...errors },
      },
    },
    async (request, reply) => {
      const { transaction: row, replayed } = await adjustAgreement({
        ...ctx(request),
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      });
      return reply.status(replayed ? 200 : 201).send(row);
    },
  );

  app.post(
    '/api/agreement/transactions-query',
    {
      onRequest: asReader,
      schema: {
        tags,
        summary: 'Ledger rows, newest first, by agreement, user and installation',
        security,
        body: transactionsQueryBody,
        response: { 200: transactionList, ...errors },
      },
    },
    async (request) => queryTransactions({ ...ctx(request), input: request.body }),
  );

  const asDistributor = app.requireRole('distributor');
  app.get(
    '/api/distributors/members',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: "Your distributor's order managers",
        security,
        response: { 200: distributorMembers, ...errors },
      },
    },
    async (request) => listMembers(ctx(request)),
  );
  app.post(
    '/api/distributors/members',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Add an order manager by e-mail',
        security,
        body: addMemberBody,
        response: { 200: distributorMembers, ...errors },
      },
    },
    async (request) => addMember({ ...ctx(request), email: request.body.email }),
  );
  app.delete(
    '/api/distributors/members/:userId',
    {
      onRequest: asDistributor,
      schema: {
        tags: ['distributor'],
        summary: 'Remove an order manager',
        security,
        params: memberParams,
        response: { 200: distributorMembers, ...errors },
      },
    },
    async (request) => removeMember({ ...ctx(request), userId: request.params.userId }),
  );
};
