import { defaultLocale, locales, type Locale } from '@chartroom/contracts/constants';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { localeFromPathname } from './paths';

/** Namespaces every page needs; feature namespaces load with their lazy route. */
export const baseNamespaces = ['common', 'errors', 'nav'] as const;

export const i18n = i18next.createInstance();

let ready: Promise<unknown> | null = null;

/** Initialises once; every caller (the first render, route loaders) awaits the same promise. */
export function initI18n(): Promise<unknown> {
  ready ??= i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: localeFromPathname(window.location.pathname),
      supportedLngs: [...locales],
      fallbackLng: defaultLocale,
      load: 'languageOnly',
      ns: [...baseNamespaces],
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  return ready;
}

/** Switches the language; i18next fetches every namespace already in use for the new locale. */
export async function applyLocale(locale: Locale): Promise<void> {
  await initI18n();
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
}
