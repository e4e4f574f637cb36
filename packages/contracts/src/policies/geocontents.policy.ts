// Who may act on geocontents (spec §2): a provider manages its own geocontents and everything in
// them (products, licences, charts, catalogue). The server is the authority: it checks the role on
// request and puts the owner in every query's WHERE, so someone else's geocontent answers 404.
import type { PolicyUser } from './policy-user.js';

/** Managing geocontents takes the provider role (the web shows the provider cabinet by it). */
export function canManageGeocontents(user: Pick<PolicyUser, 'roles'> | null): boolean {
  return user !== null && user.roles.includes('provider');
}

/** A geocontent is its provider's owner's alone. */
export function ownsGeocontent(user: Pick<PolicyUser, 'id'>, geocontent: { ownerUserId: number }): boolean {
  return geocontent.ownerUserId === user.id;
}
