import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client';
import { errorToText } from './error-message';
import { i18n } from './i18n';

/** What a change says when it is done (`successKey`, a key with its namespace) and whether a failure is toasted. */
export type ChangeMeta = { successKey?: string; isFailureToasted?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ChangeMeta;
  }
}

/** The meta of a change that notifies both ways: `useMutation({ …, meta: change('common:done.deleted') })`. */
export function change(successKey: string): ChangeMeta {
  return { successKey, isFailureToasted: true };
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

// A toast after each change that says so in its meta: done (its own text) or failed (by error code).
const mutationCache = new MutationCache({
  onSuccess: (_data, _variables, _context, mutation) => {
    const key = mutation.meta?.successKey;
    if (key)
      notifications.show({
        color: 'teal',
        title: i18n.t('common:notify.saved'),
        message: i18n.t(key),
        autoClose: 4000,
        closeButtonProps: { 'aria-label': i18n.t('common:close') },
      });
  },
  onError: (error, _variables, _context, mutation) => {
    if (!mutation.meta?.isFailureToasted) return;
    const message = errorToText(error, i18n.getFixedT(null, 'errors'));
    notifications.show({
      color: 'red',
      title: i18n.t('common:notify.failed'),
      message,
      autoClose: 8000,
      closeButtonProps: { 'aria-label': i18n.t('common:close') },
    });
  },
});

export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
