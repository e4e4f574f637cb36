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

/** Headers that govern what a response does as a subresource; the rest only act on a document (or a worker). */
const subresourceHeaders = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * A hashed script or stylesheet of the built web app. A browser never makes a document of one
 * (`nosniff` keeps it text), so the policy for documents (CSP, framing, COOP, referrer, …) does
 * nothing on it, while it weighed about 0.55 kB on each of the first page's three dozen files. A
 * module worker (`.mjs`: MapLibre's) takes its CSP from its own answer and keeps every header.
 */
export function isHashedScriptOrStyle(url: string): boolean {
  return /^\/assets\/[^/?#]+\.(?:js|css)(?:[?#]|$)/.test(url);
}

export function registerSecurityHeaders(app: FastifyInstance, opts: Parameters<typeof securityHeaderOptions>[0]): void {
  const headers = computeSecurityHeaders(securityHeaderOptions(opts));
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => subresourceHeaders.includes(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isHashedScriptOrStyle(request.url) ? assetHeaders : headers);
    done();
  });
}
