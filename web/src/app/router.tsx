import { defaultLocale, locales, type Locale } from '@chartroom/contracts/constants';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { applyLocale, baseNamespaces, loadNamespaces } from '../lib/i18n';
import { buildPaths, segments } from '../lib/paths';
import { RequireRole } from './guards/require-role';
import { FullWindowLayout } from './layouts/full-window-layout';
import { AppLayout } from './layouts/app-layout';
import { AreaError } from './layouts/area-error';
import { LocaleRoot } from './layouts/locale-root';

/** A lazy page: its code and its translation namespaces load together, before it renders. */
function page(namespaces: string[], load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}

const providerPage = page(['provider', 'cabinet', 'catalog', 'charts'], () => import('./routes/provider').then((m) => m.ProviderRoute));

function pageRoutes(locale: Locale): RouteObject[] {
  return [
    // The map is full-window: no top navigation.
    {
      element: <RequireRole role="provider" />,
      errorElement: <AreaError />,
      children: [
        {
          element: <FullWindowLayout />,
          children: [
            { path: segments.map, lazy: page(['map', 'charts'], () => import('./routes/map').then((m) => m.MapRoute)) },
            { path: segments.poiEditor, lazy: page(['catalog', 'map'], () => import('./routes/poi-editor').then((m) => m.PoiEditorRoute)) },
          ],
        },
      ],
    },
    {
      element: <AppLayout />,
      children: [
        {
          // Guest pages, open to all.
          errorElement: <AreaError />,
          children: [
            { index: true, lazy: page(['home', 'auth'], () => import('./routes/home').then((m) => m.HomeRoute)) },
            {
              path: segments.login,
              lazy: page(['home', 'auth'], () => import('./routes/home').then((m) => m.LoginRoute)),
            },
            {
              path: segments.registration,
              lazy: page(['registration'], () => import('./routes/registration').then((m) => m.RegistrationRoute)),
            },
            {
              path: segments.activation,
              lazy: page(['activation'], () => import('./routes/activation').then((m) => m.ActivationRoute)),
            },
            {
              path: segments.resetPassword,
              lazy: page(['account', 'auth'], () => import('./routes/reset-password').then((m) => m.ResetPasswordRoute)),
            },
            {
              path: segments.outbox,
              lazy: page(['outbox'], () => import('./routes/outbox').then((m) => m.OutboxRoute)),
            },
          ],
        },
        {
          element: <RequireRole role="user" />,
          errorElement: <AreaError />,
          children: [
            {
              path: segments.user,
              lazy: page(['user', 'account', 'devices', 'agreements', 'mycharts', 'map'], () =>
                import('./routes/user').then((m) => m.UserRoute),
              ),
            },
            { path: segments.cart, lazy: page(['cart'], () => import('./routes/cart').then((m) => m.CartRoute)) },
            {
              path: segments.providerRegistration,
              lazy: page(['provider'], () => import('./routes/provider-registration').then((m) => m.ProviderRegistrationRoute)),
            },
            {
              path: segments.distributorRegistration,
              lazy: page(['distributor'], () => import('./routes/distributor-registration').then((m) => m.DistributorRegistrationRoute)),
            },
            // An agreement and its ledger are read by its supervisor too, who may hold only the user role;
            // the server decides what each may see (404 otherwise) and the page shows edit controls by
            // canManageAgreement.
            {
              path: `${segments.distributor2}/agreements/:agreementId/:tab?`,
              lazy: page(['agreements', 'orders'], () => import('./routes/agreement').then((m) => m.AgreementRoute)),
            },
            {
              path: segments.distributor2Transactions,
              lazy: page(['agreements'], () => import('./routes/transactions').then((m) => m.TransactionsRoute)),
            },
          ],
        },
        {
          element: <RequireRole role="provider" />,
          errorElement: <AreaError />,
          children: [
            // Spec §2: provider redirects to the catalogue list; geocontent has licenses, products,
            // my_distributors and catalog (enc/list, enc/confirm, s102/list, poi, ntm, msg, raw).
            // `/provider?tab=&sub=` addresses stay as aliases of these.
            { path: segments.provider, lazy: page([], () => import('./routes/provider').then((m) => m.ProviderAliasRoute)) },
            { path: segments.providerGeocontent, lazy: page([], () => import('./routes/provider').then((m) => m.ProviderAliasRoute)) },
            { path: `${segments.providerGeocontent}/:tab`, lazy: providerPage },
            { path: `${segments.providerGeocontent}/catalog/:section/:view?`, lazy: providerPage },
          ],
        },
        {
          element: <RequireRole role="distributor" />,
          errorElement: <AreaError />,
          children: [
            // Spec §2: distributor redirects to licenses; `/distributor?tab=` stays as an alias.
            { path: segments.distributor, lazy: page([], () => import('./routes/distributor').then((m) => m.DistributorAliasRoute)) },
            {
              path: `${segments.distributor}/:tab`,
              lazy: page(['distributor', 'webhooks'], () => import('./routes/distributor').then((m) => m.DistributorRoute)),
            },
          ],
        },
        {
          element: <RequireRole role="distributor2" />,
          errorElement: <AreaError />,
          children: [
            {
              path: segments.distributor2,
              children: [
                // Spec §2: distributor2 redirects to orders.
                { index: true, element: <Navigate replace to="orders" /> },
                {
                  path: ':tab',
                  lazy: page(['orders', 'agreements'], () => import('./routes/distributor2').then((m) => m.Distributor2Route)),
                },
              ],
            },
          ],
        },
        {
          element: <RequireRole role="order-manager" />,
          errorElement: <AreaError />,
          children: [
            {
              path: segments.orderManager,
              lazy: page(['orders'], () => import('./routes/order-manager').then((m) => m.OrderManagerRoute)),
            },
          ],
        },
        {
          element: <RequireRole role="reseller" />,
          errorElement: <AreaError />,
          children: [
            {
              path: segments.reseller,
              lazy: page(['reseller'], () => import('./routes/reseller').then((m) => m.ResellerRoute)),
            },
          ],
        },
        {
          element: <RequireRole role="admin" />,
          errorElement: <AreaError />,
          children: [
            {
              path: segments.adminApplicationTypes,
              lazy: page(['apptypes'], () => import('./routes/admin-application-types').then((m) => m.AdminApplicationTypesRoute)),
            },
          ],
        },
      ],
    },
    // Any other path goes home.
    { path: '*', element: <Navigate replace to={buildPaths(locale).home()} /> },
  ];
}

function localeTree(locale: Locale, path: string): RouteObject {
  return {
    path,
    element: <LocaleRoot locale={locale} />,
    hydrateFallbackElement: <PageLoader />,
    // Each navigation into a locale's tree loads that locale's translation files.
    loader: async () => {
      await applyLocale(locale);
      await loadNamespaces(baseNamespaces);
      return null;
    },
    children: pageRoutes(locale),
  };
}

export const router = createBrowserRouter([localeTree(defaultLocale, '/'), ...locales.map((locale) => localeTree(locale, `/${locale}`))]);
