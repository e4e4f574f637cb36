import { agreementType, createAgreementBody, currency } from '@chartroom/contracts/agreements';
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
    .refine((value) => value === '' || z.email().safeParse(value).success, 'a valid e-mail'),
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
