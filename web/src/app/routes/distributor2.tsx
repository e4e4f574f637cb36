import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { Distributor2Tabs } from '../../features/orders/components/distributor2-tabs';
import { useDocumentTitle } from '../../lib/document-title';

export function Distributor2Route() {
  const { t } = useTranslation('orders');
  useDocumentTitle('orders:distributor2.title');
  return (
    <>
      <PageHeader title={t('distributor2.title')} subtitle={t('distributor2.subtitle')} />
      <Distributor2Tabs />
    </>
  );
}
