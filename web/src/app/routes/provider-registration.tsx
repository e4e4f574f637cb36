import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ProviderRegistrationForm } from '../../features/provider/components/provider-registration-form';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';
import { isSafeNext } from '../../lib/paths';

export function ProviderRegistrationRoute() {
  const { t } = useTranslation('provider');
  const paths = usePaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  useDocumentTitle('provider:registration.title');

  const handleRegistered = () => {
    void navigate(isSafeNext(next) ? next : paths.provider(), { replace: true });
  };

  return (
    <>
      <PageHeader title={t('registration.title')} subtitle={t('registration.subtitle')} />
      <ProviderRegistrationForm onRegistered={handleRegistered} />
    </>
  );
}
