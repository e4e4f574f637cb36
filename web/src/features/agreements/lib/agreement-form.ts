import { agreementType, createAgreementBody, currency, todayUtc } from '@chartroom/contracts/agreements';
import { emailAddress } from '@chartroom/contracts/common';
import { z } from 'zod';

/**
 * The creation form's values: the server's own field rules (createAgreementBody) for name and
 * valid-till, the distributor as the Select's string, and the supervisor as an e-mail looked up on submit.
 */
export const createAgreementForm = z.object({
  name: createAgreementBody.shape.name,
  validTill: z.string().trim().pipe(createAgreementBody.shape.validTill),
  type: agreementType,
  currency,
  distributorId: z.string().regex(/^\d+$/, 'choose a distributor'),
  supervisorEmail: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), emailAddress])),
});
export type CreateAgreementForm = z.infer<typeof createAgreementForm>;

export const emptyCreateAgreementForm: CreateAgreementForm = {
  name: '',
  validTill: '',
  type: 'com',
  currency: 'RUB',
  distributorId: '',
  supervisorEmail: '',
};

/** The key of the message for the name field's problem: too long says so, anything else asks for a name. */
export function nameErrorKey(error: { type?: string } | undefined): string | undefined {
  if (!error) return undefined;
  return error.type === 'too_big' ? 'form.nameTooLong' : 'form.nameRequired';
}

/** The key of the message for the valid-till field's problem: empty, not a date, or a day already past. */
export function validTillErrorKey(value: string, error: { type?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const day = value.trim();
  if (day === '') return 'form.validTillRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) return 'form.validTillFormat';
  if (day < todayUtc()) return 'form.validTillPast';
  return 'form.validTillFormat';
}
