import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title from a translation key, followed by the brand. */
export function useDocumentTitle(key: string): void {
  const { t, i18n } = useTranslation();
  const title = t(key);
  const brand = t('common:brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand, i18n.language]);
}
