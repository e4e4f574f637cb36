import { defaultLocale, locales, type Locale } from '@chartroom/contracts/constants';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFromPathname } from './paths';

/** Namespaces every page needs; feature namespaces load with their lazy route. */
export const baseNamespaces = ['common', 'errors', 'nav'] as const;

export const i18n = i18next.createInstance();

/**
 * Loads `/locales/{lng}/{ns}.json` with the browser's fetch: all the portal needs of a backend
 * (i18next-http-backend brings an XHR path and a fetch ponyfill that no supported browser uses).
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then(async (res) => {
        if (!res.ok) throw new Error(`${language}/${namespace}: HTTP ${res.status}`);
        callback(null, (await res.json()) as ResourceKey);
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false));
  },
};

let ready: Promise<unknown> | null = null;

/** Initialises once; every caller (the first render, route loaders) awaits the same promise. */
export function initI18n(): Promise<unknown> {
  ready ??= i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: localeFromPathname(window.location.pathname),
      supportedLngs: [...locales],
      fallbackLng: defaultLocale,
      load: 'languageOnly',
      ns: [...baseNamespaces],
      defaultNS: 'common',
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
