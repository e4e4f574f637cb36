import { distributorKeys } from './get-distributor-me';

/** Keys of the distributor area's lists; every mutation there invalidates `distributorKeys.all`. */
export const distributorLicensingKeys = {
  available: () => [...distributorKeys.all, 'available'] as const,
  allowed: () => [...distributorKeys.all, 'allowed'] as const,
  issued: (prodid: number) => [...distributorKeys.all, 'issued', prodid] as const,
};
