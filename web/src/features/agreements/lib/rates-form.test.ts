import { updateAgreementBody, type Rates } from '@chartroom/contracts/agreements';
import { describe, expect, it } from 'vitest';
import { rateGridSchema, rateProblem, toRateGrid, toRatesInput, type RateCell } from './rates-form';

const rates: Rates = {
  mKart: [{ product: 'NOAA', rates: { RUB: { net: '100.00', endUser: '150.00' }, USD: { net: '1.50', endUser: null } } }],
};

describe('rates grid', () => {
  it('fills the grid from the agreement and leaves other cells empty', () => {
    const grid = toRateGrid(rates);
    expect(grid.mKart.NOAA).toEqual({ rubNet: '100.00', rubEndUser: '150.00', usdNet: '1.50', usdEndUser: '' });
    expect(grid.dKart.Primar).toEqual({ rubNet: '', rubEndUser: '', usdNet: '', usdEndUser: '' });
  });

  it('accepts empty or numeric values only, and names the wrong field', () => {
    const withCell = (cell: RateCell) => {
      const grid = toRateGrid({});
      grid.Vega.NHO = cell;
      return rateGridSchema.safeParse(grid);
    };
    expect(withCell({ rubNet: '10', rubEndUser: '', usdNet: '0.5', usdEndUser: '12.25' }).success).toBe(true);
    expect(withCell({ rubNet: '', rubEndUser: '', usdNet: '', usdEndUser: '' }).success).toBe(true);
    const wrong = withCell({ rubNet: '10', rubEndUser: 'ten', usdNet: '', usdEndUser: '-1' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['Vega.NHO.rubEndUser', 'Vega.NHO.usdEndUser']);
    expect(wrong.error?.issues[0]?.message).toBe('All values should be null or valid number!');
    expect(wrong.error?.issues[1]?.message).toBe('negative');
  });

  it('names what is wrong with a rate: negative, too big, a third decimal, or not a number', () => {
    expect(rateProblem('-100')).toBe('negative');
    expect(rateProblem('99999999999')).toBe('tooBig');
    expect(rateProblem('1.234')).toBe('decimals');
    expect(rateProblem('12,5')).toBe('invalid');
    expect(rateProblem('9999999999.99')).toBeNull();
    expect(rateProblem('')).toBeNull();
  });

  it('drops a product whose RUB net price is empty and sends the rest as the server expects', () => {
    const grid = toRateGrid(rates);
    grid.dKart.NHO = { rubNet: '', rubEndUser: '90', usdNet: '1', usdEndUser: '2' };
    grid.dKart.Primar = { rubNet: ' 80 ', rubEndUser: '', usdNet: '', usdEndUser: '' };
    const input = toRatesInput(grid);
    expect(Object.keys(input).sort()).toEqual(['dKart', 'mKart']);
    expect(input.dKart).toEqual([{ product: 'Primar', rates: { RUB: { net: '80', endUser: null }, USD: { net: null, endUser: null } } }]);
    const body = updateAgreementBody.parse({ id: 1, name: 'A', validTill: '2027-01-01', type: 'com', rates: input });
    expect(body.rates.mKart?.[0]?.rates.USD.net).toBe('1.50');
  });
});
