import { currencyRateInput, ratesMessage, type Rates, type RatesInput } from '@chartroom/contracts/agreements';
import { rateApplications, rateProducts, type RateApplication, type RateProduct } from '@chartroom/contracts/constants';
import { z } from 'zod';

/** The four inputs of one cell of the rates grid, as typed. */
export type RateCell = { rubNet: string; rubEndUser: string; usdNet: string; usdEndUser: string };
export type RateGrid = Record<RateApplication, Record<RateProduct, RateCell>>;

export const rateCellFields = ['rubNet', 'rubEndUser', 'usdNet', 'usdEndUser'] as const;
export type RateCellField = (typeof rateCellFields)[number];

const emptyCell: RateCell = { rubNet: '', rubEndUser: '', usdNet: '', usdEndUser: '' };

/** The grid for an agreement's rates: every application × product, empty where no rate is set. */
export function toRateGrid(rates: Rates): RateGrid {
  const grid = {} as RateGrid;
  for (const app of rateApplications) {
    grid[app] = {} as Record<RateProduct, RateCell>;
    for (const product of rateProducts) {
      const rate = rates[app]?.find((entry) => entry.product === product);
      grid[app][product] = rate
        ? {
            rubNet: rate.rates.RUB.net ?? '',
            rubEndUser: rate.rates.RUB.endUser ?? '',
            usdNet: rate.rates.USD.net ?? '',
            usdEndUser: rate.rates.USD.endUser ?? '',
          }
        : { ...emptyCell };
    }
  }
  return grid;
}

/** What is wrong with a rate, as the grid words it (`rates.<problem>`); `invalid` is spec §5's message. */
export type RateProblem = 'negative' | 'tooBig' | 'decimals' | 'invalid';

/** The problem of a typed rate by the server's own price rule, or null when it is empty or a valid amount. */
export function rateProblem(value: string): RateProblem | null {
  const parsed = currencyRateInput.shape.net.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small') return 'negative';
  if (issue?.code === 'too_big') return 'tooBig';
  if (issue?.code === 'custom' && (issue.params as { reason?: string } | undefined)?.reason === 'decimals') return 'decimals';
  return 'invalid';
}

/** Spec §5: each of the four values of a cell is empty or a number, by the server's own price rule; the message names the problem. */
const priceField = z.string().superRefine((value, ctx) => {
  const problem = rateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem === 'invalid' ? ratesMessage : problem });
});
const rateCellSchema = z.object({ rubNet: priceField, rubEndUser: priceField, usdNet: priceField, usdEndUser: priceField });
export const rateGridSchema = z.record(z.enum(rateApplications), z.record(z.enum(rateProducts), rateCellSchema));

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Spec §5: a product's rate is dropped when its RUB net price is empty; applications without rates are left out. */
export function toRatesInput(grid: RateGrid): RatesInput {
  const result: RatesInput = {};
  for (const app of rateApplications) {
    const products = rateProducts
      .filter((product) => grid[app][product].rubNet.trim() !== '')
      .map((product) => {
        const cell = grid[app][product];
        return {
          product,
          rates: {
            RUB: { net: orNull(cell.rubNet), endUser: orNull(cell.rubEndUser) },
            USD: { net: orNull(cell.usdNet), endUser: orNull(cell.usdEndUser) },
          },
        };
      });
    if (products.length > 0) result[app] = products;
  }
  return result;
}

/** Applications that have at least one rate: their sections start open. */
export function applicationsWithRates(rates: Rates): RateApplication[] {
  return rateApplications.filter((app) => (rates[app]?.length ?? 0) > 0);
}
