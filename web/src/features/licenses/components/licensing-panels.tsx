import type { ReactNode } from 'react';
import { readProducts } from '../../products/api/product-keys';
import { ProductsTab } from '../../products/components/products-tab';
import { DistributorRequestsTab } from './distributor-requests-tab';
import { LicensesTab } from './licenses-tab';

/** The provider cabinet's licensing panels for the current geocontent. */
export function licensingPanels(geocontent: { id: number; products: unknown }): Record<'products' | 'licenses' | 'my_distributors', ReactNode> {
  const products = readProducts(geocontent.products);
  return {
    products: <ProductsTab gcid={geocontent.id} products={products} />,
    licenses: <LicensesTab gcid={geocontent.id} products={products} />,
    my_distributors: <DistributorRequestsTab gcid={geocontent.id} />,
  };
}
