import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/document-title';

/** Spec §1: a reseller role exists, but what it does is not shown — a stub cabinet. */
export function ResellerRoute() {
  const { t } = useTranslation('reseller');
  useDocumentTitle('reseller:title');
  return (
    <>
      <PageHeader title={t('title')} />
      <EmptyState title={t('empty.title')} description={t('empty.text')} />
    </>
  );
}
