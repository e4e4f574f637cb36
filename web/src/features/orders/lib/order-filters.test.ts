import type { OrderWrapper } from '@chartroom/contracts/orders';
import { describe, expect, it } from 'vitest';
import { listAgreementOptions } from './order-filters';

function entryUnder(agreement: OrderWrapper['agreement']): OrderWrapper {
  return {
    order: {
      id: 1,
      createdAt: '2026-11-23T10:00:00Z',
      user: { id: 1, email: 'a@b.test' },
      orderItems: [],
      paymentMethod: agreement ? 'agreement' : 'trial',
      currency: 'RUB',
      priceTotal: '0.00',
      status: 'new',
      errorReason: null,
      error: null,
    },
    shipName: null,
    agreement,
  };
}

describe('agreement filter choices', () => {
  it('offers the caller agreements and those its orders name, once each, by id', () => {
    const options = listAgreementOptions(
      [{ id: 3, name: 'North' }],
      [
        entryUnder({ agreementId: 1, name: 'Baltic', distributorName: 'Agency' }),
        entryUnder({ agreementId: 3, name: 'North', distributorName: 'Agency' }),
        entryUnder(null),
      ],
    );
    expect(options).toEqual([
      { id: 1, name: 'Baltic' },
      { id: 3, name: 'North' },
    ]);
  });
});
