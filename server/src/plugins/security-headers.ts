import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (API, web app, errors). The policy allows what the web app
 * needs: its own scripts, Mantine's inline styles, and what a MapLibre map needs (workers and
 * images from blob: URLs, data: images); nothing may frame the portal.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: {
    publicUrl: string;
    /** Origins the web app may also fetch from (the S3 endpoint when downloads redirect there). */ connectOrigins?: string[];
  },
): Promise<void> {
  const isHttps = opts.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.connectOrigins ?? [])],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ['blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // Reset links carry their token in the address: it must not travel on in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Map tiles and fonts may come from elsewhere later; embedding is governed by CSP instead.
    crossOriginEmbedderPolicy: false,
  });
}
