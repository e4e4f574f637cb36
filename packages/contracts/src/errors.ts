import { z } from 'zod';

// Every failure the API returns has this one shape; the web translates by `code`.
export const errorCodes = [
  'validation',
  'unauthorized',
  'invalid_credentials',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'user_exist',
  'rate_limited',
  'reset_link_invalid',
  'payload_too_large',
  'unsupported_file',
  'bad_request',
  'internal',
  'no_such_user',
  'no_installations',
  'invalid_rates',
  'order_status',
  'idempotency_key_reused',
  'invalid_signature',
  'agreement_limit',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unsupported_file: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  user_exist: 409,
  payload_too_large: 413,
  rate_limited: 429,
  reset_link_invalid: 400,
  internal: 500,
  no_such_user: 404,
  no_installations: 404,
  invalid_rates: 400,
  order_status: 409,
  idempotency_key_reused: 409,
  invalid_signature: 400,
  agreement_limit: 409,
};

export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  details: z.array(fieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
