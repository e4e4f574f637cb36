// What may happen to a geocontent's products (spec §4): one product per licence type, created
// enabled, then updated, disabled and enabled again; only enabled com, corp and individual
// products are licensed.
import type { LicenseType } from '../constants.js';

/** The licence types licences are issued for (free products need none). */
export const licensableLicTypes: readonly LicenseType[] = ['com', 'corp', 'individual'];

/** Why a product cannot be licensed, or null when it can. */
export function licensingRefusal(product: { licType: string; isEnabled: boolean }): 'lic_type' | 'disabled' | null {
  if (!(licensableLicTypes as readonly string[]).includes(product.licType)) return 'lic_type';
  return product.isEnabled ? null : 'disabled';
}

/** Whether licences (and distributor permits) can be issued for the product. */
export function isLicensable(product: { licType: string; isEnabled: boolean }): boolean {
  return licensingRefusal(product) === null;
}

/** What saving a product does, from its current state and the wanted `isEnabled`; a refusal names why. */
export type ProductChange = 'create' | 'update' | 'disable' | 'enable' | 'refuse_not_created' | 'refuse_disabled';

export function productChange(existing: { isEnabled: boolean } | null | undefined, wantEnabled: boolean): ProductChange {
  if (!existing) return wantEnabled ? 'create' : 'refuse_not_created';
  if (existing.isEnabled) return wantEnabled ? 'update' : 'disable';
  return wantEnabled ? 'enable' : 'refuse_disabled';
}
