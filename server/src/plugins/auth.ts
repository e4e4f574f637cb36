import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale, Role } from '@chartroom/contracts/constants';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { readCacheOf } from '../db/read-cache.js';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { Batcher } from '../lib/batcher.js';
import { VerifiedTokens } from '../lib/verified-tokens.js';
import { sessionActorQuery, sessionActorsQuery } from './session-actors.repository.js';
import { describeGuard } from './route-guards.js';

export interface Actor {
  id: number;
  email: string;
  roles: Role[];
  /** Read with the account on every request, so the profile needs no second look-up. */
  currentGcId: number | null;
  /** The language of the account's mail and, once signed in, of its pages. */
  locale: Locale;
}

/** What a token carries: the account, its token version, and the sign-in (session) it belongs to. */
interface TokenPayload {
  sub: number;
  email: string;
  /** The account's token version when signed: a password change or reset raises it. */
  tv: number;
  /** Session id, kept through renewals: logout revokes it. */
  sid: string;
  /** Sign-in time (seconds): no renewal carries the session past sat + SESSION_MAX_SECONDS. */
  sat: number;
}

/** The session a token belongs to, for signing its renewal. */
export interface SessionClaims {
  sid: string;
  sat: number;
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
    /** A token for the account: of a new session, or (with `session`) a renewal of that one. */
    signToken(actor: { id: number; email: string; tokenVersion?: number }, session?: SessionClaims): string;
  }
}

/** The actor an account row stands for (seeds and jobs that act for a user outside a request). */
export function actorFromUser(row: Pick<UserRow, 'id' | 'email' | 'roles' | 'currentGcId' | 'locale'>): Actor {
  return { id: row.id, email: row.email, roles: row.roles as Role[], currentGcId: row.currentGcId, locale: row.locale as Locale };
}

/** The actor a role-guarded handler runs for (the guard has already checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to continue');
  return request.actor;
}

/** The session of the request's verified token (set once `authenticate` has run). */
export function sessionOf(request: FastifyRequest): SessionClaims & { exp: number } {
  const user = request.user;
  if (!request.actor || !user) throw new AppError('unauthorized', 'Sign in to continue');
  return { sid: user.sid, sat: user.sat, exp: user.exp };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db; jwtSecret: string }) => {
  const { config, db } = opts;
  await app.register(fastifyJwt, { secret: opts.jwtSecret });
  // Verified tokens are kept (up to 10,000, never past their `exp`): the signature and the claims of
  // a token a client sends again are not worked out again. Revocation is checked per request below.
  const verifiedTokens = new VerifiedTokens<FastifyRequest['user']>((token) => app.jwt.verify(token));

  app.decorateRequest('actor', null);
  app.decorateRequest('tokenError', null);
  app.decorate('signToken', (actor: { id: number; email: string; tokenVersion?: number }, session?: SessionClaims) => {
    const claims = session ?? { sid: randomUUID(), sat: nowSeconds() };
    // The token ends at its TTL or at the session's absolute end, whichever is first.
    const left = claims.sat + config.SESSION_MAX_SECONDS - nowSeconds();
    const expiresIn = Math.max(1, Math.min(config.TOKEN_TTL_SECONDS, left));
    return app.jwt.sign({ sub: actor.id, email: actor.email, tv: actor.tokenVersion ?? 0, ...claims }, { expiresIn });
  });

  const sessionOver = () => new AppError('token_expired', 'Your session has expired: sign in again');

  const sessionQuery = () => sessionActorQuery(db);
  const sessionsQuery = () => sessionActorsQuery(db);
  // Key `sub:sid`; a token's `sub` is a number and its `sid` a UUID, checked before a key is made.
  const sessions = new Batcher<string, Awaited<ReturnType<ReturnType<typeof sessionsQuery>['execute']>>[number]>(async (keys) => {
    const pairs = keys.map((key) => {
      const at = key.indexOf(':');
      return { sub: Number(key.slice(0, at)), sid: key.slice(at + 1) };
    });
    const rows = await sessionsQuery().execute({ keys, subs: pairs.map((p) => p.sub), sids: pairs.map((p) => p.sid) });
    return new Map(rows.map((r) => [r.key, r]));
  });

  async function loadActor(request: FastifyRequest): Promise<Actor> {
    if (request.actor) return request.actor;
    if (!request.headers.authorization) throw new AppError('unauthorized', 'Sign in to continue');
    const verified = verifiedTokens.check(request.headers.authorization);
    if (!verified.ok) {
      request.tokenError = verified.reason;
      throw verified.reason === 'expired' ? sessionOver() : new AppError('unauthorized', 'Sign in to continue');
    }
    const claims = verified.claims;
    request.user = claims;
    if (
      !Number.isSafeInteger(claims.sub) ||
      typeof claims.sid !== 'string' ||
      typeof claims.sat !== 'number' ||
      typeof claims.tv !== 'number'
    ) {
      request.tokenError = 'invalid';
      throw new AppError('unauthorized', 'Sign in to continue');
    }
    if (claims.sat + config.SESSION_MAX_SECONDS <= nowSeconds()) {
      request.tokenError = 'expired';
      throw sessionOver();
    }
    // One query: the account and whether this session was logged out (answered from the read cache
    // while nothing was written since, see db/read-cache.ts). Without the cache (PostgreSQL), the
    // sessions of concurrent requests are read together, in one query per batch.
    const cache = readCacheOf(db);
    const row = cache.enabled
      ? (await cache.get(`session:${claims.sub}:${claims.sid}`, () => sessionQuery().execute({ sub: claims.sub, sid: claims.sid })))[0]
      : await sessions.load(`${claims.sub}:${claims.sid}`);
    if (!row || row.isRevoked || row.tokenVersion !== claims.tv) {
      request.tokenError = 'invalid';
      throw new AppError('unauthorized', 'Sign in to continue');
    }
    request.actor = actorFromUser(row);
    return request.actor;
  }

  app.decorate(
    'authenticate',
    describeGuard(
      async (request: FastifyRequest) => {
        await loadActor(request);
      },
      { scheme: 'bearer' },
    ),
  );

  app.decorate('requireRole', (...roles: Role[]) =>
    describeGuard(
      async (request: FastifyRequest) => {
        const actor = await loadActor(request);
        if (!roles.some((r) => actor.roles.includes(r))) {
          throw new AppError('forbidden', `This needs the ${roles.join(' or ')} role`);
        }
      },
      { scheme: 'bearer', roles },
    ),
  );

  // A token close to its expiry is renewed on any authenticated answer through `new-token`, within
  // the same session: never past its absolute end.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.actor || reply.statusCode >= 400 || reply.hasHeader('new-token')) return;
    const user = request.user;
    if (typeof user?.exp !== 'number') return;
    const now = nowSeconds();
    const sessionEnd = user.sat + config.SESSION_MAX_SECONDS;
    if (user.exp - now < config.TOKEN_RENEW_SECONDS && sessionEnd - user.exp > 0) {
      reply.header('new-token', app.signToken({ ...request.actor, tokenVersion: user.tv }, { sid: user.sid, sat: user.sat }));
    }
  });
});
