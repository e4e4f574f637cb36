import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Role } from '@chartroom/contracts/constants';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { AppError } from '../errors.js';

export interface Actor {
  id: number;
  email: string;
  roles: Role[];
}

interface TokenPayload {
  sub: number;
  email: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload & { exp: number; iat: number };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    tokenError: 'expired' | 'invalid' | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid token of an existing account. */
    authenticate: onRequestAsyncHookHandler;
    /** onRequest hook: authenticated and holding one of the roles. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
    signToken(actor: { id: number; email: string }): string;
  }
}

/** The actor a role-guarded handler runs for (the guard has already checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to continue');
  return request.actor;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { config, db } = opts;
  await app.register(fastifyJwt, { secret: config.jwtSecret, sign: { expiresIn: config.TOKEN_TTL_SECONDS } });

  app.decorateRequest('actor', null);
  app.decorateRequest('tokenError', null);
  app.decorate('signToken', (actor: { id: number; email: string }) => app.jwt.sign({ sub: actor.id, email: actor.email }));

  async function loadActor(request: FastifyRequest): Promise<Actor> {
    if (request.actor) return request.actor;
    if (!request.headers.authorization) throw new AppError('unauthorized', 'Sign in to continue');
    try {
      await request.jwtVerify();
    } catch (err) {
      const expired = (err as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
      request.tokenError = expired ? 'expired' : 'invalid';
      throw new AppError(
        expired ? 'token_expired' : 'unauthorized',
        expired ? 'Your session has expired: sign in again' : 'Sign in to continue',
      );
    }
    const [row] = await db.select().from(users).where(eq(users.id, request.user.sub)).limit(1);
    if (!row) throw new AppError('unauthorized', 'Sign in to continue');
    request.actor = { id: row.id, email: row.email, roles: row.roles as Role[] };
    return request.actor;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    await loadActor(request);
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    const actor = await loadActor(request);
    if (!roles.some((r) => actor.roles.includes(r))) {
      throw new AppError('forbidden', `This needs the ${roles.join(' or ')} role`);
    }
  });

  // A token close to its expiry is renewed on any authenticated answer through `new-token`.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.actor || reply.statusCode >= 400) return;
    const exp = request.user?.exp;
    if (typeof exp !== 'number') return;
    if (exp - Date.now() / 1000 < config.TOKEN_RENEW_SECONDS) {
      reply.header('new-token', app.signToken(request.actor));
    }
  });
});
