import { product, type Product } from '@chartroom/contracts/licensing';
import { z } from 'zod';

const productList = z.array(product);

/** `/providers/me` carries products loosely typed; read them with the licensing contract. */
export function readProducts(raw: unknown): Product[] {
  const parsed = productList.safeParse(raw);
  return parsed.success ? parsed.data : [];
}
