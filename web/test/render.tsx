// Renders a component as the app does (Mantine, TanStack Query, a router, real English texts from
// public/locales), without the network: tests answer the API calls they expect (see answerApi).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import i18next, { type Resource } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../src/app/theme';

const localesDir = join(import.meta.dirname, '../public/locales');

/** An i18next instance with every namespace of `lng` loaded from the files the app serves. */
export async function createTestI18n(lng = 'en') {
  const resources: Resource = { [lng]: {} };
  for (const file of readdirSync(join(localesDir, lng))) {
    if (file.endsWith('.json'))
      resources[lng]![file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(localesDir, lng, file), 'utf8'));
  }
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return i18n;
}

function Providers({ i18n, children }: { i18n: Awaited<ReturnType<typeof createTestI18n>>; children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders `ui` at `/` with the app's providers, in English unless `locale` says otherwise. */
export async function renderWithApp(ui: ReactElement, opts: { locale?: 'en' | 'ru' } = {}): Promise<RenderResult> {
  const i18n = await createTestI18n(opts.locale);
  return render(<Providers i18n={i18n}>{ui}</Providers>);
}

/** Renders `routes` in a memory router at `path`; returns the router, whose location tests read. */
export async function renderRoutes(routes: RouteObject[], path: string) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

export type ApiAnswer = { status?: number; body: unknown };

/**
 * Stands in for the server at the network boundary: `answers` maps a path (without its query) to
 * the JSON answer, the way the server's contract shapes it. Returns the calls made, in order.
 */
export function answerApi(answers: Record<string, ApiAnswer | ((url: URL) => ApiAnswer)>): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    calls.push(url);
    const entry = answers[url.pathname];
    if (!entry) return new Response(JSON.stringify({ code: 'not_found', message: `no answer for ${url.pathname}` }), { status: 404 });
    const answer = typeof entry === 'function' ? entry(url) : entry;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}
