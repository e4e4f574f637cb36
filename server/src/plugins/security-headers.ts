import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (API, web app, errors). The policy allows what the web app
 * needs: its own scripts, Mantine's inline styles, and what a MapLibre map needs (workers and
 * images from blob: URLs, data: images); nothing may frame the portal.
 */
export function securityHeaderOptions(opts: {
  publicUrl: string;
  /** Origins the web app may also fetch from (the S3 endpoint when downloads redirect there). */
  connectOrigins?: string[];
}): HelmetOptions {
  const isHttps = opts.publicUrl.startsWith('https://');
  return {
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
  };
}

/**
 * The headers helmet sets for these options, worked out once: nothing in the policy depends on the
 * request (no nonces), so building it per request (as @fastify/helmet does) only costs time.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, opts: Parameters<typeof securityHeaderOptions>[0]): void {
  const headers = computeSecurityHeaders(securityHeaderOptions(opts));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
