import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/document-title';

/** Orders to process or cancel; the list arrives with the orders issue. */
export function OrderManagerRoute() {
  const { t } = useTranslation('orders');
  useDocumentTitle('orders:manager.title');
  return (
    <>
      <PageHeader title={t('manager.title')} subtitle={t('manager.subtitle')} />
      <EmptyState title={t('manager.empty.title')} description={t('manager.empty.text')} />
    </>
  );
}
