import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser, loginBody, registerBody, registerResult } from '@chartroom/contracts/auth';
import { errorBody } from '@chartroom/contracts/errors';
import { actorOf } from '../../plugins/auth.js';
import { login, refresh, register, type AuthDeps } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps; perMinute: number }> = async (app, { deps, perMinute }) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.post(
    '/auth/login',
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Sign in', body: loginBody, response: { 200: authUser, 401: errorBody, 429: errorBody } },
    },
    async (request) => login(deps, request.body),
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'A fresh token with the current roles', security: [{ bearer: [] }], response: { 200: authUser } },
    },
    async (request) => refresh(deps, actorOf(request).id),
  );

  app.post(
    '/auth/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Register (a password is e-mailed) or, with repassword, send a new password',
        body: registerBody,
        response: { 200: registerResult, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => register(deps, request.body),
  );
};
