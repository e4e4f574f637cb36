import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Paths that belong to the API; everything else is the web app (history fallback). */
export const apiPrefixes = ['/api/', '/auth/', '/users/', '/providers/', '/charts/', '/health', '/ready', '/tiles/'];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

/** Unknown paths answered per address and minute: a scan of guessed paths is slowed down. */
const notFoundPerMinute = 120;

/** Vite's content-hashed files may be cached for a year; any other file is revalidated each time. */
function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent by Accept-Encoding, never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }
  const limitNotFound = app.createRateLimit({ max: notFoundPerMinute, timeWindow: '1 minute', keyGenerator: (r) => `404:${r.ip}` });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || isApiPath(path) || !hasWeb) {
      const limit = await limitNotFound(request);
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('rate_limited', 'Too many requests for unknown paths: wait a minute');
      throw new AppError('not_found', `No route ${request.method} ${path}`);
    }
    // Hashed assets are cached for long; the HTML shell never, so a deploy is seen at once.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
