import { useTranslation } from 'react-i18next';
import { ApiError, isKnownErrorCode } from './api-client';

/**
 * The text shown for a failure: translated by code, so a Russian user never reads an English server
 * string; the server's own message only for codes this client does not know.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (isKnownErrorCode(error.code)) return t(error.code);
      return error.message || t('unknown');
    }
    return t('unknown');
  };
}
