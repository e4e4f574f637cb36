import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { CartView } from '../../features/cart/components/cart-view';
import { useDocumentTitle } from '../../lib/document-title';

export function CartRoute() {
  const { t } = useTranslation('cart');
  useDocumentTitle('cart:title');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <CartView />
    </>
  );
}
