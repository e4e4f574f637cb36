import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { ActivationForm } from '../../features/activation/components/activation-form';
import { useDocumentTitle } from '../../lib/document-title';

export function ActivationRoute() {
  const { t } = useTranslation('activation');
  useDocumentTitle('activation:title');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ActivationForm />
    </>
  );
}
