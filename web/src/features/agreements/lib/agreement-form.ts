import {
  agreementType,
  createAgreementBody,
  currency,
  todayUtc,
  updateAgreementBody,
  type Agreement,
} from '@chartroom/contracts/agreements';
import { emailAddress } from '@chartroom/contracts/common';
import { z } from 'zod';
import { formatDate } from '../../../lib/dates';
import { rateGridSchema, toRateGrid } from './rates-form';

/**
 * The agreement form's values, for a new agreement and a saved one alike: the server's own field
 * rules for name and valid-till (spec §5 "Create agreement", "Update agreement": a new one's
 * valid-till may not be past), the distributor as the Select's string, the supervisor as an e-mail
 * looked up on submit, and the rates grid. A new agreement's form shows no rates (they stay empty);
 * a saved one's shows no distributor, supervisor or currency (they keep the agreement's).
 */
export function agreementForm(isNew: boolean) {
  return z.object({
    name: updateAgreementBody.shape.name,
    validTill: z
      .string()
      .trim()
      .pipe(isNew ? createAgreementBody.shape.validTill : updateAgreementBody.shape.validTill),
    type: agreementType,
    currency,
    distributorId: z.string().regex(/^\d+$/, 'choose a distributor'),
    supervisorEmail: z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), emailAddress])),
    rates: rateGridSchema,
  });
}
export type AgreementFormValues = z.infer<ReturnType<typeof agreementForm>>;

export const emptyAgreementForm: AgreementFormValues = {
  name: '',
  validTill: '',
  type: 'com',
  currency: 'RUB',
  distributorId: '',
  supervisorEmail: '',
  rates: toRateGrid({}),
};

export function toAgreementFormValues(agreement: Agreement): AgreementFormValues {
  return {
    name: agreement.name,
    validTill: formatDate(agreement.validTill) ?? '',
    type: agreement.type,
    currency: agreement.currency,
    distributorId: String(agreement.distributor.id),
    supervisorEmail: '',
    rates: toRateGrid(agreement.rates),
  };
}

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
