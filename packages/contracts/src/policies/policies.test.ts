import { describe, expect, it } from 'vitest';
import { permitStatuses } from '../constants.js';
import { canManageAgreement, canReadAgreement } from './agreements.policy.js';
import { canManageCustomProducts, ownsCustomProduct } from './custom-products.policy.js';
import { canDecidePermit, canIssueUnderPermit, canRequestPermit, permitTransitions } from './distributor-permits.policy.js';
import { canManageGeocontents, ownsGeocontent } from './geocontents.policy.js';
import { canIssueLicense, licenseIssueRefusal } from './licenses.policy.js';
import { isLicensable, licensingRefusal, productChange } from './products.policy.js';

const provider = { id: 7, roles: ['user', 'provider'] as const };
const user = { id: 8, roles: ['user'] as const };

describe('geocontent and custom product policies', () => {
  it('lets providers manage geocontents and distributors custom products, each their own', () => {
    expect(canManageGeocontents(provider)).toBe(true);
    expect(canManageGeocontents(user)).toBe(false);
    expect(canManageGeocontents(null)).toBe(false);
    expect(ownsGeocontent(provider, { ownerUserId: 7 })).toBe(true);
    expect(ownsGeocontent(user, { ownerUserId: 7 })).toBe(false);
    expect(canManageCustomProducts({ roles: ['user', 'distributor'] })).toBe(true);
    expect(canManageCustomProducts(provider)).toBe(false);
    expect(ownsCustomProduct({ id: 3 }, { distributorId: 3 })).toBe(true);
    expect(ownsCustomProduct({ id: 3 }, { distributorId: 4 })).toBe(false);
  });
});

describe('product policy', () => {
  it('licenses enabled com, corp and individual products only, and says why not', () => {
    expect(isLicensable({ licType: 'com', isEnabled: true })).toBe(true);
    expect(isLicensable({ licType: 'individual', isEnabled: true })).toBe(true);
    expect(isLicensable({ licType: 'corp', isEnabled: true })).toBe(true);
    expect(licensingRefusal({ licType: 'free', isEnabled: true })).toBe('lic_type');
    expect(licensingRefusal({ licType: 'com', isEnabled: false })).toBe('disabled');
  });

  it('follows the product state machine: created enabled, then updated, disabled and enabled again', () => {
    expect(productChange(null, true)).toBe('create');
    expect(productChange(undefined, false)).toBe('refuse_not_created');
    expect(productChange({ isEnabled: true }, true)).toBe('update');
    expect(productChange({ isEnabled: true }, false)).toBe('disable');
    expect(productChange({ isEnabled: false }, true)).toBe('enable');
    expect(productChange({ isEnabled: false }, false)).toBe('refuse_disabled');
  });
});

describe('distributor permit and licence policies', () => {
  it('moves permits only along the allowed transitions, and rejected is final', () => {
    expect(canDecidePermit('pending', 'accepted')).toBe(true);
    expect(canDecidePermit('accepted', 'paused')).toBe(true);
    expect(canDecidePermit('paused', 'accepted')).toBe(true);
    expect(canDecidePermit('pending', 'paused')).toBe(false);
    for (const to of ['accepted', 'paused', 'rejected'] as const) expect(canDecidePermit('rejected', to)).toBe(false);
    expect(Object.keys(permitTransitions).sort()).toEqual([...permitStatuses].sort());
  });

  it('lets a distributor ask once and issue only under an accepted permit', () => {
    expect(canRequestPermit('none')).toBe(true);
    for (const s of permitStatuses) expect(canRequestPermit(s)).toBe(false);
    expect(permitStatuses.filter(canIssueUnderPermit)).toEqual(['accepted']);
  });

  it('issues licences as the publisher for licensable products, as a distributor also needing an accepted permit', () => {
    const com = { licType: 'com', isEnabled: true };
    expect(canIssueLicense(com)).toBe(true);
    expect(canIssueLicense(com, 'accepted')).toBe(true);
    expect(licenseIssueRefusal(com, 'none')).toBe('no_permit');
    expect(licenseIssueRefusal(com, 'paused')).toBe('permit_not_accepted');
    expect(licenseIssueRefusal({ licType: 'com', isEnabled: false }, 'accepted')).toBe('disabled');
    expect(licenseIssueRefusal({ licType: 'free', isEnabled: true })).toBe('lic_type');
  });
});

describe('agreement policy', () => {
  it('lets the distributor’s main user manage an agreement and its supervisor read it', () => {
    const agreement = { distributor: { mainUser: { id: 7 } }, supervisorId: 8 };
    expect(canManageAgreement(provider, agreement)).toBe(true);
    expect(canManageAgreement(user, agreement)).toBe(false);
    expect(canReadAgreement(user, agreement)).toBe(true);
    expect(canReadAgreement({ id: 9 }, agreement)).toBe(false);
    expect(canManageAgreement(null, agreement)).toBe(false);
    expect(canReadAgreement(null, { ...agreement, supervisorId: null })).toBe(false);
  });
});
