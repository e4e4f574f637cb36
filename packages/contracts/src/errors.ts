import { z } from 'zod';

// Every failure the API returns has this one shape; the web translates by `code` (and `params`),
// never by `message`, which stays English for logs, scripts and API users.
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
  // Domain codes: what went wrong in the product's own words, so the web can say so in any language.
  'provider_required',
  'distributor_required',
  'already_distributor',
  'product_disabled',
  'product_not_created',
  'product_exists',
  'product_not_licensable',
  'permit_missing',
  'permit_not_accepted',
  'permit_already_requested',
  'upload_applied',
  'upload_applying',
  'upload_quota_exceeded',
  'limit_exceeded',
  'license_expired',
  'activation_redeemed',
  'user_permit_missing',
  'already_on_agreement',
  'consent_required',
  'invitation_declined',
  'already_member',
  'trial_used',
  'payments_not_configured',
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
  provider_required: 403,
  distributor_required: 403,
  already_distributor: 409,
  product_disabled: 409,
  product_not_created: 409,
  product_exists: 409,
  product_not_licensable: 400,
  permit_missing: 403,
  permit_not_accepted: 403,
  permit_already_requested: 409,
  upload_applied: 409,
  upload_applying: 409,
  upload_quota_exceeded: 413,
  limit_exceeded: 409,
  license_expired: 409,
  activation_redeemed: 409,
  user_permit_missing: 409,
  already_on_agreement: 409,
  consent_required: 403,
  invitation_declined: 409,
  already_member: 409,
  trial_used: 409,
  payments_not_configured: 400,
};

/** The values a translated message needs: `{ thing: 'product' }`, `{ limit: 'swaps', max: 3 }`. */
export const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParams>;

/**
 * The things a `not_found` names (`params.thing`), so the web can say "Licence not found" in the
 * reader's language.
 */
export const notFoundThings = [
  'activation_code',
  'agreement',
  'application_type',
  'chart_text',
  'custom_product',
  'custom_product_item',
  'distributor',
  'distributor_request',
  'exchange_set',
  'geocontent',
  'image',
  'installation',
  'invitation',
  'licence',
  'map_task',
  'member',
  'navigation_message',
  'ntm',
  'order',
  'poi',
  'poi_release',
  'preview',
  'product',
  'raw_depth_file',
  'upload',
  'user',
  'webhook_endpoint',
] as const;
export type NotFoundThing = (typeof notFoundThings)[number];

/** What a `limit_exceeded` hit (`params.limit`); `max` (and `periodDays` for swaps) say how far. */
export const limitKinds = ['swaps', 'webhooks', 'devices', 'device_slots'] as const;
export type LimitKind = (typeof limitKinds)[number];

/**
 * One field's problem: `path` as `body.email`, `message` English; `code` is the zod issue code
 * (`too_small`, `invalid_format`, …) or `required`, with `params` such as `{ minimum: 5 }`.
 */
export const fieldIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: errorParams.optional(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;

export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  params: errorParams.optional(),
  details: z.array(fieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
