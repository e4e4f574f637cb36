// Shared business constants (spec §9). No Node, no DOM: both the server and the web import these.

export const roles = ['user', 'provider', 'distributor', 'distributor2', 'order-manager', 'reseller', 'admin'] as const;
export type Role = (typeof roles)[number];

export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const licenseTypes = ['com', 'corp', 'free', 'individual'] as const;
export type LicenseType = (typeof licenseTypes)[number];
/**
 * Licence types a provider creates products for on the products tab: the spec's com, corp and free,
 * and `individual` ("also seen", spec §3/§9): a product licensed to named users one by one, without a
 * price, like corp but for single persons rather than an organisation's group.
 */
export const productLicenseTypes = ['com', 'corp', 'free', 'individual'] as const;
export type ProductLicenseType = (typeof productLicenseTypes)[number];

export const permitStatuses = ['pending', 'accepted', 'rejected', 'paused'] as const;
export type PermitStatus = (typeof permitStatuses)[number];

export const orderStatuses = ['pre_order', 'new', 'complete', 'owner_approved', 'cancelled_by_distirbutor', 'error'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const currencies = ['RUB', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export const agreementTypes = ['com', 'svc'] as const;
export const paymentMethods = ['agreement', 'stripe', 'yoomoney', 'trial'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export type AgreementType = (typeof agreementTypes)[number];
/** Orders that may be processed or cancelled (spec §4); every other move is refused. */
export const processableOrderStatuses = ['new', 'owner_approved'] as const;
/** Why an order ended in `error`: the limit it would have broken, or the agreement's end. */
export const orderErrorReasons = ['agreement_limit', 'user_limit', 'agreement_expired'] as const;
export type OrderErrorReason = (typeof orderErrorReasons)[number];
/** Ledger row types: charges lower the agreement's balance; refunds and top-ups raise it. */
export const transactionTypes = ['charge', 'refund', 'top-up', 'adjustment'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Application ids used by agreements and orders. */
export const agreementApplications = { 0: 'mKart', 1: 'NjordPilot', 2: 'Vega', 10: 'dKart', 11: 'ECDIS' } as const;
export const agreementApplicationIds = [0, 1, 2, 10, 11] as const;
/** Application types accepted by device activation. */
export const activationApplications = { 101: 'mKart ECDIS', 102: 'dKart Navigator', 105: 'dKart Fishing' } as const;
export const activationApplicationIds = [101, 102, 105] as const;
export const platforms = { 1: 'WinPC', 2: 'WinCE', 3: 'Android', 4: 'iOS' } as const;
export const platformIds = [1, 2, 3, 4] as const;

export const rateApplications = ['mKart', 'Vega', 'ECDIS', 'dKart', 'NjordPilot'] as const;
export const rateProducts = ['Primar', 'NOAA', 'NHO'] as const;
export type RateApplication = (typeof rateApplications)[number];
export type RateProduct = (typeof rateProducts)[number];
/**
 * The rate application an installation is priced under: activation types 101 (mKart ECDIS) → mKart,
 * 102 (dKart Navigator) and 105 (dKart Fishing) → dKart, and the agreement ids (0, 1, 2, 10, 11) as named.
 */
export const rateApplicationOfAppType: Readonly<Record<number, RateApplication>> = {
  0: 'mKart',
  1: 'NjordPilot',
  2: 'Vega',
  10: 'dKart',
  11: 'ECDIS',
  101: 'mKart',
  102: 'dKart',
  105: 'dKart',
};
/**
 * The application ids an order may name (`applicationTypeId`): the spec's agreement and order ids
 * (0 mKart, 1 NjordPilot, 2 Vega, 10 dKart, 11 ECDIS) and the activation types (101, 102, 105) clients
 * already send; both map to a rate application through `rateApplicationOfAppType`.
 */
export const orderApplicationIds = [...agreementApplicationIds, ...activationApplicationIds] as const;
/** The agreement application id (spec §9) of an installation's application type; null when none maps. */
export function agreementAppIdOf(appType: number | null): number | null {
  if (appType === null) return null;
  const name = rateApplicationOfAppType[appType];
  if (!name) return null;
  const hit = Object.entries(agreementApplications).find(([, n]) => n === name);
  return hit ? Number(hit[0]) : null;
}
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

/**
 * How long an activation code (POST /api/installation/activate) can be redeemed: a code never
 * redeemed in that time expires, and the device it named leaves the user's installations (issue 35).
 */
export const activationCodeTtlHours = 24;

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
  orderMonthsMax: 36,
  orderItemsMax: 20,
  trialMonthsMax: 1,
} as const;

export const map = { initialZoom: 15, minZoom: 3, maxZoom: 18 } as const;
