// Shared business constants (spec §9). No Node, no DOM: both the server and the web import these.

export const roles = ['user', 'provider', 'distributor', 'distributor2', 'order-manager', 'reseller'] as const;
export type Role = (typeof roles)[number];

export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const licenseTypes = ['com', 'corp', 'free', 'individual'] as const;
export type LicenseType = (typeof licenseTypes)[number];
/** Licence types a provider creates products for on the products tab. */
export const productLicenseTypes = ['com', 'corp', 'free'] as const;

export const permitStatuses = ['pending', 'accepted', 'rejected', 'paused'] as const;
export type PermitStatus = (typeof permitStatuses)[number];

export const orderStatuses = [
  'pre_order',
  'new',
  'complete',
  'owner_approved',
  'cancelled_by_distirbutor',
  'error',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const currencies = ['RUB', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export const agreementTypes = ['com', 'svc'] as const;
export const paymentMethods = ['agreement', 'stripe', 'yoomoney', 'trial'] as const;

/** Application ids used by agreements and orders. */
export const agreementApplications = { 0: 'mKart', 1: 'NjordPilot', 2: 'Vega', 10: 'dKart', 11: 'ECDIS' } as const;
/** Application types accepted by device activation. */
export const activationApplications = { 101: 'mKart ECDIS', 102: 'dKart Navigator', 105: 'dKart Fishing' } as const;
export const activationApplicationIds = [101, 102, 105] as const;
export const platforms = { 1: 'WinPC', 2: 'WinCE', 3: 'Android', 4: 'iOS' } as const;
export const platformIds = [1, 2, 3, 4] as const;

export const rateApplications = ['mKart', 'Vega', 'ECDIS', 'dKart', 'NjordPilot'] as const;
export const rateProducts = ['Primar', 'NOAA', 'NHO'] as const;
export const shortProductCodes = ['ENC', 'AIS', 'NTM', 'POI', 'WTHR', 'NMSG'] as const;
export type ShortProductCode = (typeof shortProductCodes)[number];

/** Spec §9 short codes in display order, with the product flag each stands for. */
const shortCodeFlags = [
  ['ENC', 'enc'],
  ['AIS', 'ais'],
  ['NTM', 'ntm'],
  ['POI', 'poi'],
  ['WTHR', 'weather'],
  ['NMSG', 'navMsg'],
] as const;

type ProductFlags = Partial<Record<(typeof shortCodeFlags)[number][1], boolean>>;

/** The short product description's codes, e.g. ['ENC', 'NTM'] (spec §2 user cabinet). */
export function productShortCodes(product: ProductFlags): ShortProductCode[] {
  return shortCodeFlags.filter(([, flag]) => product[flag] === true).map(([code]) => code);
}

export const limits = {
  geocontentTitleMin: 5,
  orderPageSize: 40,
  orderRefreshSeconds: 15,
  defaultLicenseMonths: 12,
  defaultDeviceCount: 0,
  defaultActivationMonths: 12,
  activationMonthsMin: 1,
  activationMonthsMax: 36,
  cartItemPrice: 500,
  longSubscriptionMonths: 6,
} as const;

export const map = { initialZoom: 15, minZoom: 3, maxZoom: 18 } as const;
