// A distributor's custom products (spec §9): made by a distributor for one user, lasting the
// default licence period; a distributor sees and changes its own only (the server puts the
// distributor in every query's WHERE, so another's answers 404).
import type { PolicyUser } from './policy-user.js';

/** How long a custom product lasts: the default licence period, 12 months. */
export const customProductMonths = 12;

/** Making custom products takes the distributor role (the web shows the tab by it). */
export function canManageCustomProducts(user: Pick<PolicyUser, 'roles'> | null): boolean {
  return user !== null && user.roles.includes('distributor');
}

/** A custom product is its distributor's alone. */
export function ownsCustomProduct(distributor: { id: number }, product: { distributorId: number }): boolean {
  return product.distributorId === distributor.id;
}
