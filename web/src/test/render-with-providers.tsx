import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LocaleContext } from '../lib/locale';
import { theme } from '../app/theme';

import enAgreements from '../../public/locales/en/agreements.json';
import enCommon from '../../public/locales/en/common.json';
import enErrors from '../../public/locales/en/errors.json';
import enMyCharts from '../../public/locales/en/mycharts.json';
import enOrders from '../../public/locales/en/orders.json';
import ruAgreements from '../../public/locales/ru/agreements.json';
import ruCommon from '../../public/locales/ru/common.json';
import ruErrors from '../../public/locales/ru/errors.json';
import ruMyCharts from '../../public/locales/ru/mycharts.json';
import ruOrders from '../../public/locales/ru/orders.json';

// Component tests render with the real providers and the real translation files, so a missing or
// wrong translation shows up as it would for a user.
const resources = {
  en: { common: enCommon, errors: enErrors, orders: enOrders, agreements: enAgreements, mycharts: enMyCharts },
  ru: { common: ruCommon, errors: ruErrors, orders: ruOrders, agreements: ruAgreements, mycharts: ruMyCharts },
};

/** jsdom lacks the media queries Mantine reads; every query answers "no match". */
function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export async function renderWithProviders(ui: ReactNode, opts: { locale?: 'en' | 'ru' } = {}) {
  installMatchMedia();
  const locale = opts.locale ?? 'en';
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <LocaleContext.Provider value={locale}>
            <MemoryRouter>{ui}</MemoryRouter>
          </LocaleContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
