import type { Product } from '@chartroom/contracts/licensing';
import type { ReactNode } from 'react';
import { ProductsTab } from '../../products/components/products-tab';
import { DistributorRequestsTab } from '../../licenses/components/distributor-requests-tab';
import { LicensesTab } from '../../licenses/components/licenses-tab';

/** The provider cabinet's licensing panels for the current geocontent. */
export function licensingPanels(geocontent: {
  id: number;
  products: Product[];
}): Record<'products' | 'licenses' | 'my_distributors', ReactNode> {
  const { products } = geocontent;
  return {
    products: <ProductsTab gcid={geocontent.id} products={products} />,
    licenses: <LicensesTab gcid={geocontent.id} products={products} />,
    my_distributors: <DistributorRequestsTab gcid={geocontent.id} />,
  };
}
