import { z } from 'zod';
import { text } from './common.js';
import { applicationTypeId } from './application-types.js';
import { limits, platformIds } from './constants.js';

export const activateBody = z.object({
  deviceId: text(128, { min: 1, minMessage: 'device code is required' }),
  // Any registered application type (issue 35); the server checks it is registered and enabled.
  applicationTypeId,
  platformId: z.coerce
    .number()
    .int()
    .refine((v) => (platformIds as readonly number[]).includes(v), { message: `one of ${platformIds.join(', ')}` }),
  durationMonths: z.coerce
    .number()
    .int()
    .min(limits.activationMonthsMin)
    .max(limits.activationMonthsMax)
    .default(limits.defaultActivationMonths),
});
export type ActivateBody = z.infer<typeof activateBody>;

export const activateResult = z.object({ id: z.string(), expiresAt: z.string() });
export type ActivateResult = z.infer<typeof activateResult>;

/** The activation code as people read it: groups of four characters joined by dashes. */
export function formatActivationCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}
