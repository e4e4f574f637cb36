import { z } from 'zod';

// Shared input schemas: ids, text and URLs are checked the same way in every call.

/** The largest id a database row can have (PostgreSQL `integer`). */
export const maxId = 2_147_483_647;

/** An id in a path or a query string: a positive 32-bit integer. */
export const idParam = z.coerce
  .number({ message: 'a number' })
  .int('a whole number')
  .positive('a positive id')
  .max(maxId, `at most ${maxId}`);

/** An id in a JSON body (no coercion from strings). */
export const idValue = z.number({ message: 'a number' }).int('a whole number').positive('a positive id').max(maxId, `at most ${maxId}`);

// C0 controls except tab, line feed and carriage return, and DEL: never part of a text a person typed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Refuses control characters (a NUL byte first of all) in a string schema. */
export function withoutControlCharacters<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(
    (value) => !controlCharacters.test(value),
    'control characters (such as a NUL byte) are not allowed',
  ) as unknown as T;
}

/** A text a person typed: trimmed, at most `max` characters, no control characters. */
export function text(max: number, opts: { min?: number; minMessage?: string } = {}) {
  let schema = z.string({ message: 'a text' }).trim().max(max, `at most ${max} characters`);
  if (opts.min) schema = schema.min(opts.min, opts.minMessage ?? (opts.min === 1 ? 'required' : `at least ${opts.min} characters`));
  return withoutControlCharacters(schema);
}

/** The longest e-mail address a mail system carries (RFC 5321: a 256-octet path less its angle brackets). */
export const maxEmailLength = 254;

/** An e-mail address a person typed: trimmed, lower-cased, at most 254 characters, of the form name@domain. */
export const emailAddress = z
  .string({ message: 'an e-mail address' })
  .trim()
  .toLowerCase()
  .max(maxEmailLength, `at most ${maxEmailLength} characters`)
  .pipe(z.email({ message: 'a valid e-mail address' }));

/** A link a user supplies: http or https only (never javascript:, data:, file:…). */
export const httpUrl = withoutControlCharacters(
  z
    .string()
    .trim()
    .max(2000, 'at most 2000 characters')
    .pipe(z.url({ protocol: /^https?$/, message: 'an http:// or https:// address' })),
);

/** The largest price a product may have (the database keeps 10 digits before the decimal point). */
export const maxPrice = 1_000_000_000;

/** Money with at most two decimals (a float tolerance, since JSON carries binary numbers). */
export const money = z
  .number({ message: 'a number' })
  .positive('must be positive')
  .max(maxPrice, `at most ${maxPrice}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals');

/** The `Idempotency-Key` header of a call that moves money: the same key on a retry returns the first answer. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'the Idempotency-Key header is required' })
    .trim()
    .min(8, 'the Idempotency-Key header needs 8–128 characters')
    .max(128, 'the Idempotency-Key header needs 8–128 characters'),
});
