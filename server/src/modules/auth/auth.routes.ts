import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authUser,
  changePasswordBody,
  loginBody,
  messageResult,
  registerBody,
  registerResult,
  resetPasswordBody,
} from '@chartroom/contracts/auth';
import { errorBody } from '@chartroom/contracts/errors';
import { actorOf, sessionOf } from '../../plugins/auth.js';
import { changePassword, login, logout, refresh, register, toAuthUser, type AuthDeps } from './auth.service.js';
import { resetPassword } from './password-reset.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps; perMinute: number }> = async (app, { deps, perMinute }) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const bearer = [{ bearer: [] }];

  app.post(
    '/auth/login',
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Sign in', body: loginBody, response: { 200: authUser, 401: errorBody, 429: errorBody } },
    },
    async (request) => login(deps, request.body, request.ip),
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'A fresh token with the current roles', security: bearer, response: { 200: authUser } },
    },
    async (request) => refresh(deps, actorOf(request).id, sessionOf(request)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'End this session: its tokens stop working', security: bearer, response: { 200: messageResult } },
    },
    async (request) => {
      await logout(deps, actorOf(request).id, sessionOf(request));
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Change the password: every other session ends; the answer carries a new token',
        security: bearer,
        body: changePasswordBody,
        response: { 200: authUser, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await changePassword(deps, actorOf(request).id, request.body, request.ip);
      // The renewal hook must not add a token of the session that just ended.
      reply.header('new-token', result.token);
      return result;
    },
  );

  app.post(
    '/auth/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Register (a password is e-mailed) or, with repassword, mail a one-time link to choose a new password',
        body: registerBody,
        response: { 200: registerResult, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => register(deps, request.body),
  );

  app.post(
    '/auth/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed reset link; signs in',
        body: resetPasswordBody,
        response: { 200: authUser, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const changed = await resetPassword(deps.db, request.body);
      return toAuthUser(changed, deps.signToken(changed));
    },
  );
};
