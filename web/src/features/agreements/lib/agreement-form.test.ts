import { todayUtc, type Agreement } from '@chartroom/contracts/agreements';
import { describe, expect, it } from 'vitest';
import { agreementForm, emptyAgreementForm, toAgreementFormValues } from './agreement-form';

const saved: Agreement = {
  id: 7,
  name: 'Baltic resale',
  distributor: { id: 3, title: 'Fjord Charts', mainUser: { id: 9, email: 'owner@example.org' } },
  type: 'com',
  currency: 'USD',
  signedAt: '2024-01-10T00:00:00.000Z',
  validTill: '2024-12-31T12:00:00.000Z',
  supervisorId: null,
  supervisor: null,
  balance: '0.00',
  rates: { mKart: [{ product: 'NOAA', rates: { RUB: { net: '100.00', endUser: null }, USD: { net: null, endUser: null } } }] },
  limits: { agreementLimit: null, usersLimits: [] },
};

describe('agreement form values', () => {
  it("keeps a new agreement's valid-till from the past, and lets a saved one keep its past day", () => {
    const filled = { ...emptyAgreementForm, name: 'New deal', distributorId: '3', validTill: '2020-01-01' };
    const asNew = agreementForm(true).safeParse(filled);
    expect(asNew.success).toBe(false);
    expect(asNew.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['validTill']);
    expect(agreementForm(true).safeParse({ ...filled, validTill: todayUtc() }).success).toBe(true);

    const values = toAgreementFormValues(saved);
    expect(values).toMatchObject({ name: 'Baltic resale', validTill: '2024-12-31', currency: 'USD', distributorId: '3' });
    expect(values.rates.mKart.NOAA.rubNet).toBe('100.00');
    expect(agreementForm(false).safeParse(values).success).toBe(true);
  });

  it('asks a new agreement for its distributor and a well-formed supervisor e-mail', () => {
    const result = agreementForm(true).safeParse({
      ...emptyAgreementForm,
      name: 'New deal',
      validTill: todayUtc(),
      supervisorEmail: 'not-mail',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['distributorId', 'supervisorEmail']);
  });
});
