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

export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || isApiPath(path) || !hasWeb) {
      throw new AppError('not_found', `No route ${request.method} ${path}`);
    }
    // Hashed assets are cached for long; the HTML shell never, so a deploy is seen at once.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
