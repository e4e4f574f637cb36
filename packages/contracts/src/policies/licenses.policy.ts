// Who may issue a licence for a product (spec §4, §5): its provider (the publisher) for its own
// licensable product, or a distributor holding an accepted permit for it.
import type { PermitStatus } from '../constants.js';
import { canIssueUnderPermit } from './distributor-permits.policy.js';
import { licensingRefusal } from './products.policy.js';

export type LicenseIssueRefusal = 'lic_type' | 'disabled' | 'no_permit' | 'permit_not_accepted';

/**
 * Why a licence for `product` cannot be issued, or null when it can: as the publisher (no
 * `permit`), or as a distributor with its permit's status (`'none'` when it has none).
 */
export function licenseIssueRefusal(
  product: { licType: string; isEnabled: boolean },
  permit?: PermitStatus | 'none',
): LicenseIssueRefusal | null {
  if (permit === 'none') return 'no_permit';
  if (permit !== undefined && !canIssueUnderPermit(permit)) return 'permit_not_accepted';
  return licensingRefusal(product);
}

/** Whether a licence for `product` can be issued (see licenseIssueRefusal). */
export function canIssueLicense(product: { licType: string; isEnabled: boolean }, permit?: PermitStatus | 'none'): boolean {
  return licenseIssueRefusal(product, permit) === null;
}
