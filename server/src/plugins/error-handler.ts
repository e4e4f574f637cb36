import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@chartroom/contracts/errors';
import { AppError, issueCodeAndParams } from '../errors.js';

/** One wire shape for every failure: `{ message, code, details? }`. Unknown errors are logged, never shown. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An answer given before the request's body was read whole (an upload refused on the way) closes
    // the connection: a kept-alive one would otherwise wait for the rest of a body no one reads.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) {
      const body: ErrorBody = {
        message: error.message,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
        ...(error.details ? { details: error.details } : {}),
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
        ...issueCodeAndParams(v.keyword, v.params, v.message ?? ''),
      }));
      const body: ErrorBody = {
        message: `Invalid request: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
        code: 'validation',
        details,
      };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', code: 'internal' } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests: wait a minute and try again', code: 'rate_limited' } satisfies ErrorBody);
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ message: 'The upload is larger than allowed', code: 'payload_too_large' } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: 'bad_request' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal' } satisfies ErrorBody);
  });
}
