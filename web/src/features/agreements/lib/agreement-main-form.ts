import { agreementType, updateAgreementBody, type Agreement } from '@chartroom/contracts/agreements';
import { z } from 'zod';
import { formatDate } from '../../../lib/dates';
import { rateGridSchema, toRateGrid } from './rates-form';

/** The Main tab's values: the server's rules for name and valid-till (spec §5 "Update agreement"), the rates grid. */
export const agreementMainForm = z.object({
  name: updateAgreementBody.shape.name,
  validTill: z.string().trim().pipe(updateAgreementBody.shape.validTill),
  type: agreementType,
  rates: rateGridSchema,
});
export type AgreementMainFormValues = z.infer<typeof agreementMainForm>;

export function toMainFormValues(agreement: Agreement): AgreementMainFormValues {
  return {
    name: agreement.name,
    validTill: formatDate(agreement.validTill) ?? '',
    type: agreement.type,
    rates: toRateGrid(agreement.rates),
  };
}
