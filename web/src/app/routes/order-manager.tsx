import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { OrdersView } from '../../features/orders/components/orders-view';
import { useDocumentTitle } from '../../lib/document-title';

/** The order desk: the same orders list as /distributor2 (spec §2 Orders). */
export function OrderManagerRoute() {
  const { t } = useTranslation('orders');
  useDocumentTitle('orders:manager.title');
  return (
    <>
      <PageHeader title={t('manager.title')} subtitle={t('manager.subtitle')} />
      <OrdersView />
    </>
  );
}
