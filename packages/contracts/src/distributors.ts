import { z } from 'zod';
import { idParam } from './common.js';
import { distributorPermit, permitStatus, product, productWithOrigin } from './licensing.js';

// The distributor area (spec §2 Distributor area, §7 Distributor).

const id = idParam;

/** `POST /api/distributors/query`: the distributor with its permits (spec §3 Distributor). */
export const distributorSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  mainUser: z.object({ email: z.string() }),
  distributorsProducts: z.array(distributorPermit),
});
export const distributorQueryResult = z.array(distributorSummary);

/** One row of "available products": every enabled com/corp product with this distributor's permit. */
export const availableProduct = z.object({
  id: z.number().int().nullable(),
  status: permitStatus.or(z.literal('none')),
  product: productWithOrigin,
});
export type AvailableProduct = z.infer<typeof availableProduct>;

export const requestPermitQuery = z.object({ gcid: id });

export const allowedProductGroup = z.object({
  geoContent: z.object({ id: z.number().int(), title: z.string(), provider: z.object({ title: z.string() }) }),
  products: z.array(product.extend({ permit: z.object({ id: z.number().int(), status: permitStatus }) })),
});
export type AllowedProductGroup = z.infer<typeof allowedProductGroup>;

export const issuedLicensesQuery = z.object({ prodid: id });
