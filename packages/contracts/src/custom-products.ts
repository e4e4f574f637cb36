import { z } from 'zod';
import { emailAddress, httpUrl, idParam, text } from './common.js';

// A distributor's custom products (spec §2 Custom products, §3, §5, §7).

export const customProductItemTypes = ['S63ENC'] as const;

export const customProductUser = z.object({ userId: z.number().int(), email: z.string() });
export type CustomProductUser = z.infer<typeof customProductUser>;

export const customProductItem = z.object({ id: z.number().int(), type: z.string(), url: z.string() });
export const customProduct = z.object({
  productId: z.number().int(),
  title: z.string(),
  issuedAt: z.string(),
  expiredAt: z.string().nullable(),
  productItems: z.array(customProductItem),
});
export type CustomProduct = z.infer<typeof customProduct>;

export const createCustomProductBody = z.object({
  email: emailAddress,
  title: text(200, { min: 1 }),
  productItems: z.array(z.object({ type: z.enum(customProductItemTypes), url: httpUrl })).min(1, 'at least one item'),
});
export type CreateCustomProductBody = z.infer<typeof createCustomProductBody>;

export const searchByEmailBody = z.object({ email: text(320, { min: 1 }).toLowerCase() });
export const customProductParams = z.object({ id: idParam });
export const customProductItemParams = z.object({ id: idParam, itemId: idParam });
export const userProductsParams = z.object({ userId: idParam });
