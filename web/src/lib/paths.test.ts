import { describe, expect, it } from 'vitest';
import { buildPaths, isSafeNext, localeFromPathname, stripLocale, switchLocalePath, withLocale } from './paths';

describe('locale prefix', () => {
  it('adds no prefix for English and /ru for Russian', () => {
    expect(withLocale('en', '/user')).toBe('/user');
    expect(withLocale('ru', '/user')).toBe('/ru/user');
    expect(withLocale('ru', '/')).toBe('/ru');
  });

  it('reads the locale from the path', () => {
    expect(localeFromPathname('/ru/provider')).toBe('ru');
    expect(localeFromPathname('/provider')).toBe('en');
    expect(localeFromPathname('/rux/provider')).toBe('en');
  });

  it('strips the prefix', () => {
    expect(stripLocale('/ru')).toBe('/');
    expect(stripLocale('/ru/user/cart')).toBe('/user/cart');
    expect(stripLocale('/user')).toBe('/user');
  });

  it('switches language keeping the page and the query', () => {
    expect(switchLocalePath('/provider', '?tab=products', 'ru')).toBe('/ru/provider?tab=products');
    expect(switchLocalePath('/ru/provider', '?tab=products', 'en')).toBe('/provider?tab=products');
    expect(switchLocalePath('/ru', '', 'en')).toBe('/');
  });
});

describe('paths', () => {
  it('builds links with the locale and the query', () => {
    const ru = buildPaths('ru');
    expect(ru.login('/ru/provider')).toBe('/ru/login?next=%2Fru%2Fprovider');
    expect(ru.registration('provider')).toBe('/ru/registration?regtype=provider');
    expect(buildPaths('en').home()).toBe('/');
    expect(buildPaths('en').cart()).toBe('/user/cart');
  });

  it('accepts only same-site post-login targets', () => {
    expect(isSafeNext('/provider')).toBe(true);
    expect(isSafeNext('//evil.example')).toBe(false);
    expect(isSafeNext('https://evil.example')).toBe(false);
    expect(isSafeNext(null)).toBe(false);
  });
});

describe('spec §2 addresses', () => {
  it('builds the provider, distributor and agreement addresses the spec names', () => {
    const en = buildPaths('en');
    expect(en.catalog('enc')).toBe('/provider/geocontent/catalog/enc/list');
    expect(en.catalog('s102')).toBe('/provider/geocontent/catalog/s102/list');
    expect(en.catalog('s100')).toBe('/provider/geocontent/catalog/s100/list');
    expect(en.catalog('msg')).toBe('/provider/geocontent/catalog/msg');
    expect(en.encConfirm('g-1')).toBe('/provider/geocontent/catalog/enc/confirm?guid=g-1');
    expect(en.providerTab('catalog')).toBe('/provider/geocontent/catalog/enc/list');
    expect(en.providerTab('my_distributors')).toBe('/provider/geocontent/my_distributors');
    expect(en.distributor('distributor_custom_products')).toBe('/distributor/custom-products');
    expect(en.agreement(7)).toBe('/distributor2/agreements/7');
    expect(en.agreement(7, 'main')).toBe('/distributor2/agreements/7');
    expect(en.agreement(7, 'limits')).toBe('/distributor2/agreements/7/limits');
    expect(buildPaths('ru').catalog('raw')).toBe('/ru/provider/geocontent/catalog/raw');
  });
});
