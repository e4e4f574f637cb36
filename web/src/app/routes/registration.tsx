import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { isRegType, RegistrationTypes } from '../../features/registration/components/registration-types';
import { useDocumentTitle } from '../../lib/document-title';

export function RegistrationRoute() {
  const { t } = useTranslation('registration');
  const [searchParams] = useSearchParams();
  const regtype = searchParams.get('regtype');
  useDocumentTitle('registration:title');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RegistrationTypes selected={isRegType(regtype) ? regtype : null} />
    </>
  );
}
