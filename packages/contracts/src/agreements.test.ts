import { describe, expect, it } from 'vitest';
import { agreementAppIdOf } from './constants.js';
import { limitInput, ratesInput, ratesMessage } from './agreements.js';
import { createOrderBody } from './orders.js';

describe('agreement contracts', () => {
  it('accepts empty or numeric rate values and refuses anything else with the spec message', () => {
    const ok = ratesInput.parse({
      mKart: [{ product: 'NOAA', rates: { RUB: { net: '10.5', endUser: 12 }, USD: { net: '', endUser: null } } }],
    });
    expect(ok.mKart?.[0]?.rates).toEqual({ RUB: { net: '10.5', endUser: '12' }, USD: { net: null, endUser: null } });
    const bad = ratesInput.safeParse({
      dKart: [{ product: 'NHO', rates: { RUB: { net: 'ten', endUser: null }, USD: { net: null, endUser: null } } }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(ratesMessage);
    expect(ratesInput.safeParse({ dKart: [{ product: 'NHO', rates: { RUB: { net: '1.234' } } }] }).success).toBe(false);
  });

  it('reads an empty limit as no limit', () => {
    expect(limitInput.parse('')).toBeNull();
    expect(limitInput.parse(null)).toBeNull();
    expect(limitInput.parse(250)).toBe('250');
    expect(limitInput.safeParse('-5').success).toBe(false);
  });

  it('maps installation application types to agreement application ids', () => {
    expect(agreementAppIdOf(101)).toBe(0);
    expect(agreementAppIdOf(102)).toBe(10);
    expect(agreementAppIdOf(105)).toBe(10);
    expect(agreementAppIdOf(999)).toBeNull();
  });

  it('limits a trial to one month and each product to one item', () => {
    expect(createOrderBody.safeParse({ installationId: 1, paymentMethod: 'trial', items: [{ product: 'NOAA', months: 2 }] }).success).toBe(
      false,
    );
    expect(
      createOrderBody.safeParse({
        installationId: 1,
        paymentMethod: 'agreement',
        items: [
          { product: 'NOAA', months: 2 },
          { product: 'NOAA', months: 1 },
        ],
      }).success,
    ).toBe(false);
    expect(createOrderBody.safeParse({ installationId: 1, paymentMethod: 'trial', items: [{ product: 'NOAA', months: 1 }] }).success).toBe(
      true,
    );
  });
});
