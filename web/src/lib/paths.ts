import { defaultLocale, locales, type Locale } from '@chartroom/contracts/constants';

// Route segments below the optional locale prefix. The router and the link builders both read
// these, so a path is spelled once.
export const segments = {
  home: '',
  login: 'login',
  registration: 'registration',
  activation: 'activ8license',
  outbox: 'outbox',
  resetPassword: 'reset-password',
  user: 'user',
  cart: 'user/cart',
  providerRegistration: 'provider/registration',
  distributorRegistration: 'distributor/registration',
  provider: 'provider',
  /** Spec §2: the provider's geocontent, with licenses, products, my_distributors and catalog below it. */
  providerGeocontent: 'provider/geocontent',
  map: 'map',
  poiEditor: 'provider/poi-editor',
  distributor: 'distributor',
  distributor2: 'distributor2',
  distributor2Transactions: 'distributor2/transactions',
  orderManager: 'order-manager',
  reseller: 'reseller',
  /** The portal admin's application types (issue 35). */
  adminApplicationTypes: 'admin/application-types',
} as const;

export type RegType = 'user' | 'provider' | 'distributor';

/** The provider cabinet's tabs and the catalogue's sub-tabs, as the spec's routes name them (§2). */
export const providerTabs = ['catalog', 'products', 'licenses', 'my_distributors'] as const;
export type ProviderTab = (typeof providerTabs)[number];
export const catalogSections = ['enc', 's102', 's100', 'ntm', 'poi', 'msg', 'raw'] as const;
export type CatalogSection = (typeof catalogSections)[number];
/** The distributor area's tabs and their path segments (`/distributor/licenses`, …). */
export const distributorTabSegments = {
  distributor_licenses: 'licenses',
  distributor_products: 'products',
  distributor_custom_products: 'custom-products',
  distributor_webhooks: 'webhooks',
} as const;
export type DistributorTab = keyof typeof distributorTabSegments;
/** An agreement's tabs; Main is the agreement's own address, the others `/distributor2/agreements/{id}/{tab}`. */
export const agreementTabs = ['main', 'users', 'limits', 'orders'] as const;
export type AgreementTab = (typeof agreementTabs)[number];

/** The catalogue sub-tab's path below `catalog/`: enc, s102 and s100 open their list (spec §2: enc/list, s102/list). */
function catalogSegment(section: CatalogSection): string {
  return section === 'enc' || section === 's102' || section === 's100' ? `${section}/list` : section;
}

export function isLocale(value: string | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** The one place the locale prefix is added: English has none, other languages `/xx`. */
export function withLocale(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : defaultLocale;
}

/** The path without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  const first = pathname.split('/')[1];
  if (!isLocale(first)) return pathname || '/';
  const rest = pathname.slice(first.length + 1);
  return rest || '/';
}

/** The same page in another language: the prefix is swapped, the query kept. */
export function switchLocalePath(pathname: string, search: string, target: Locale): string {
  return withLocale(target, stripLocale(pathname)) + search;
}

/** Only same-site paths may be used as a post-login target. */
export function isSafeNext(next: string | null): next is string {
  return !!next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\');
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function buildPaths(locale: Locale) {
  const to = (segment: string) => withLocale(locale, `/${segment}`);
  return {
    home: () => to(segments.home),
    /** The home page with the box in registration mode. */
    signUp: () => withQuery(to(segments.home), { mode: 'register' }),
    login: (next?: string) => withQuery(to(segments.login), { next }),
    registration: (regtype?: RegType) => withQuery(to(segments.registration), { regtype }),
    activation: () => to(segments.activation),
    outbox: (email?: string) => withQuery(to(segments.outbox), { email }),
    resetPassword: () => to(segments.resetPassword),
    user: () => to(segments.user),
    cart: () => to(segments.cart),
    providerRegistration: (next?: string) => withQuery(to(segments.providerRegistration), { next }),
    distributorRegistration: (next?: string) => withQuery(to(segments.distributorRegistration), { next }),
    /** `/provider`, which opens the catalogue's chart list. */
    provider: () => to(segments.provider),
    /** A tab of the provider cabinet: `/provider/geocontent/{licenses|products|my_distributors}`, the catalogue at its enc list. */
    providerTab: (tab: ProviderTab) => to(`${segments.providerGeocontent}/${tab === 'catalog' ? `catalog/${catalogSegment('enc')}` : tab}`),
    /** A catalogue sub-tab: `/provider/geocontent/catalog/{enc/list|s102/list|s100/list|ntm|poi|msg|raw}`. */
    catalog: (section: CatalogSection) => to(`${segments.providerGeocontent}/catalog/${catalogSegment(section)}`),
    /** The apply-changes screen of a staged chart upload (spec §2: enc confirm). */
    encConfirm: (guid?: string) => withQuery(to(`${segments.providerGeocontent}/catalog/enc/confirm`), { guid }),
    map: (taskId?: string) => withQuery(to(segments.map), { taskId }),
    poiEditor: (gcid: number) => withQuery(to(segments.poiEditor), { gcid: String(gcid) }),
    /** `/distributor` (opens its licences) or one of its tabs: `/distributor/{licenses|products|custom-products|webhooks}`. */
    distributor: (tab?: DistributorTab) => to(tab ? `${segments.distributor}/${distributorTabSegments[tab]}` : segments.distributor),
    distributor2: () => to(segments.distributor2),
    /** A tab of the new distributor area: orders, agreements or members (the order managers). */
    distributor2Tab: (tab: 'orders' | 'agreements' | 'members') => to(`${segments.distributor2}/${tab}`),
    agreement: (agreementId: number, tab?: AgreementTab) =>
      to(`${segments.distributor2}/agreements/${agreementId}${tab && tab !== 'main' ? `/${tab}` : ''}`),
    transactions: (query: { agreementId?: number; userId?: number; instId?: number } = {}) =>
      withQuery(to(segments.distributor2Transactions), {
        agreementId: query.agreementId?.toString(),
        userId: query.userId?.toString(),
        instId: query.instId?.toString(),
      }),
    orderManager: () => to(segments.orderManager),
    reseller: () => to(segments.reseller),
    adminApplicationTypes: () => to(segments.adminApplicationTypes),
  };
}

export type Paths = ReturnType<typeof buildPaths>;
