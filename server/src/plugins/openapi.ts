import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { guardsOf } from './route-guards.js';

declare module 'fastify' {
  interface FastifySchema {
    /** The parts of a multipart/form-data upload, for the document only (the handler reads the parts). */
    multipart?: MultipartForm;
  }
}

/** The media type of an answer that is not JSON, whether it is bytes, and whether JSON is an answer too; see mediaAnswer. */
const mediaKey = 'x-media-type';
const binaryKey = 'x-media-binary';
const jsonTooKey = 'x-media-or-json';

/**
 * A response schema for an answer that is not JSON: its media type and, with `binary`, bytes (a zip,
 * a PDF, an image, a tile) rather than text. The handler sends a buffer, stream or string, which
 * Fastify never serializes, so the zod schema only describes it. With `orJson`, the same status may
 * also answer that JSON (serialized with it as usual); `alsoAs` names other media types it may have.
 */
export function mediaAnswer<T extends z.ZodType = z.ZodAny>(
  contentType: string,
  description: string,
  opts: { binary?: boolean; orJson?: T; alsoAs?: string[] } = {},
): T {
  const meta = {
    description,
    [mediaKey]: [contentType, ...(opts.alsoAs ?? [])].join(','),
    [binaryKey]: Boolean(opts.binary),
    [jsonTooKey]: Boolean(opts.orJson),
  };
  // Any payload: a string, a buffer or a stream (the document shows it as a string, bytes when binary).
  return (opts.orJson ?? z.any()).meta(meta) as T;
}

export interface MultipartForm {
  type: 'object';
  properties: Record<string, { type: string; format?: string; description: string; items?: object }>;
  required: string[];
}

type Part = { kind: 'file' | 'files' | 'text' | 'integer' | 'number'; description: string; required?: boolean };

/** The fields of a multipart upload (files as binary), as the document shows its request body. */
export function multipartForm(parts: Record<string, Part>): MultipartForm {
  const properties: MultipartForm['properties'] = {};
  for (const [name, part] of Object.entries(parts)) {
    const { description } = part;
    properties[name] =
      part.kind === 'file'
        ? { type: 'string', format: 'binary', description }
        : part.kind === 'files'
          ? { type: 'array', items: { type: 'string', format: 'binary' }, description }
          : part.kind === 'text'
            ? { type: 'string', description }
            : { type: part.kind, description };
  }
  const required = Object.entries(parts)
    .filter(([, p]) => p.required !== false)
    .map(([name]) => name);
  return { type: 'object', properties, required };
}

const errorJson = (() => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
  return schema;
})();

type JsonSchema = Record<string, unknown>;
const isNullAnswer = (s: JsonSchema) =>
  s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null) || ('const' in s && s.const === null);

/** OpenAPI 3.0.3: a nullable enum lists null among its values (a client validating with Ajv rejects null otherwise). */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) node.forEach(nullInNullableEnums);
  else if (node && typeof node === 'object') {
    const o = node as JsonSchema;
    if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
    Object.values(o).forEach(nullInNullableEnums);
  }
}

/**
 * The route schemas as the document shows them (on top of the zod transform): non-JSON answers
 * under their media type, 304s without a body, multipart bodies, and — from the guards a route's
 * onRequest hooks are (route-guards.ts) — its security, a 401 for every secured operation and a 403
 * for every role-guarded one; a 400 where input is checked, a 404 where a secured call names
 * something, a 429 where calls are limited. What a route declares itself is kept.
 * Why this way: docs/decisions/0030-openapi-from-the-routes.md.
 */
export const describeRoute: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input) as { schema: JsonSchema & { response?: Record<string, JsonSchema> }; url: string };
  const schema = out.schema;
  if (!schema || schema.hide) return out;
  const route = (input as { route?: { onRequest?: unknown; preHandler?: unknown } }).route;
  const guards = [...guardsOf(route?.onRequest), ...guardsOf(route?.preHandler)];
  const response = (schema.response ??= {});
  for (const [code, answer] of Object.entries(response)) {
    const media = answer[mediaKey];
    if (typeof media === 'string') {
      const { [mediaKey]: _media, [binaryKey]: binary, [jsonTooKey]: jsonToo, description, ...json } = answer;
      const body = jsonToo ? json : {};
      const bytes = { type: 'string', ...(binary ? { format: 'binary' } : {}) };
      const content: Record<string, { schema: JsonSchema }> = jsonToo ? { 'application/json': { schema: body } } : {};
      for (const type of media.split(',')) content[type] = { schema: bytes };
      response[code] = { description, content };
    } else if (isNullAnswer(answer)) {
      response[code] = { type: 'null', description: answer.description ?? 'No body' };
    }
  }
  if (!schema.security && guards.length > 0) {
    const guard = guards[0]!;
    schema.security = guard.optional ? [{}, { [guard.scheme]: [] }] : [{ [guard.scheme]: [] }];
  }
  // Input checked against a schema can always be refused (400 naming the field); a limited route, throttled.
  if (schema.body || schema.querystring || schema.params || schema.multipart) {
    response['400'] ??= { ...errorJson, description: 'The input is not valid: `details` names each field' };
  }
  // Whatever a secured call names (an id, a geocontent, a task) may not exist or not be the caller's.
  if ((schema.querystring || schema.params) && Array.isArray(schema.security) && schema.security.length > 0) {
    response['404'] ??= { ...errorJson, description: 'What the call names does not exist, or is not yours' };
  }
  if ((input as { route?: { config?: { rateLimit?: unknown } } }).route?.config?.rateLimit) {
    response['429'] ??= { ...errorJson, description: 'Too many calls: wait for the `Retry-After` seconds' };
  }
  if (Array.isArray(schema.security) && schema.security.length > 0) {
    response['401'] ??= { ...errorJson, description: 'No valid token: sign in (or redeem an activation code) again' };
  }
  if (guards.some((g) => g.roles && g.roles.length > 0)) {
    response['403'] ??= { ...errorJson, description: 'The account lacks the role this needs' };
  }
  nullInNullableEnums(schema);
  if (schema.multipart) {
    schema.body = schema.multipart;
    schema.consumes = ['multipart/form-data'];
    delete schema.multipart;
  }
  return out;
};

/** The OpenAPI document and its page at /api/docs, generated from the route schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Chartroom API',
        version: '1.0.0',
        description:
          'Publishing and licensing of nautical charts. Navigation apps: the device API (tag `device api`, under /api/app/v1) is ' +
          'described step by step — activation code, user permit and HW_ID, exchange sets and their signatures, the licence file, ' +
          'every error a device can get — in the device-integration guide, docs/devices.md in the Chartroom repository.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          deviceToken: { type: 'http', scheme: 'bearer', bearerFormat: 'device token (crd_…) from /api/app/v1/activations/{code}/redeem' },
        },
      },
    },
    transform: describeRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
